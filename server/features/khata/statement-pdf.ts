import type { Khata } from '../../../common/contracts/khata'
import { indiaDate, newA4Document } from '../invoices/service'

const num = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const rupees = (r: number) => `₹${num.format(r)}`
const M = 36

const KIND: Record<string, string> = { sale: 'Credit sale', payment: 'Payment', return: 'Goods returned', adjustment: 'Adjustment' }

/** What an entry says on the statement: what it was and its number, method or reason. */
export function entryLabel(e: Khata['entries'][number]): string {
  const extra = e.order_number ?? (e.method ? e.method.toUpperCase() : undefined) ?? e.reason
  return extra ? `${KIND[e.kind] ?? e.kind} · ${extra}` : (KIND[e.kind] ?? e.kind)
}

/** The customer's khata statement on A4, drawn with the invoice's PDF stack: balance, ageing and every entry. */
export async function statementPdf(shop: string, k: Khata, at = new Date()): Promise<Uint8Array> {
  const { doc, regular, bold, size, colours } = await newA4Document(`Khata statement: ${k.name}`, shop)
  doc.setSubject(`Khata statement of ${k.name} at ${shop}: balance ${rupees(k.balance)}`)
  doc.setCreationDate(at)
  let page = doc.addPage([size.w, size.h])
  let y = size.h - M
  const right = size.w - M
  const put = (s: string, x: number, o: { size?: number; bold?: boolean; muted?: boolean; alignRight?: boolean } = {}) => {
    const font = o.bold ? bold : regular
    const sz = o.size ?? 9
    page.drawText(s, { x: o.alignRight ? x - font.widthOfTextAtSize(s, sz) : x, y, size: sz, font, color: o.muted ? colours.muted : colours.ink })
  }
  put(shop, M, { size: 15, bold: true })
  put('KHATA STATEMENT', right, { size: 11, bold: true, alignRight: true })
  y -= 18
  put(`${k.name}${k.phone ? ` · ${k.phone}` : ''}`, M, { size: 10 })
  put(`As of ${indiaDate(at.toISOString())}`, right, { muted: true, alignRight: true })
  y -= 26
  put('Balance owed', M, { muted: true })
  put('Credit limit', M + 170, { muted: true })
  put('0–30 days', M + 290, { muted: true })
  put('31–60', M + 360, { muted: true })
  put('61–90', M + 420, { muted: true })
  put('90+', right, { muted: true, alignRight: true })
  y -= 15
  put(rupees(k.balance), M, { size: 13, bold: true })
  put(rupees(k.credit_limit), M + 170, { size: 10 })
  put(rupees(k.ageing.d0_30), M + 290)
  put(rupees(k.ageing.d31_60), M + 360)
  put(rupees(k.ageing.d61_90), M + 420)
  put(rupees(k.ageing.d90_plus), right, { alignRight: true })
  y -= 28
  const head = () => {
    page.drawRectangle({ x: M, y: y - 5, width: right - M, height: 17, color: colours.shade })
    put('Date', M + 4, { bold: true })
    put('Entry', M + 80, { bold: true })
    put('Owed +', right - 150, { bold: true, alignRight: true })
    put('Paid −', right - 75, { bold: true, alignRight: true })
    put('Balance', right - 4, { bold: true, alignRight: true })
    y -= 19
  }
  head()
  for (const e of k.entries) {
    if (y < M + 30) {
      page = doc.addPage([size.w, size.h])
      y = size.h - M
      put(`Khata statement of ${k.name} (continued)`, M, { bold: true })
      y -= 22
      head()
    }
    put(indiaDate(e.created_at), M + 4)
    put(entryLabel(e).slice(0, 60), M + 80)
    if (e.change > 0) put(rupees(e.change), right - 150, { alignRight: true })
    else put(rupees(-e.change), right - 75, { alignRight: true })
    put(rupees(e.balance_after), right - 4, { alignRight: true })
    y -= 6
    page.drawLine({ start: { x: M, y }, end: { x: right, y }, thickness: 0.4, color: colours.rule })
    y -= 11
  }
  if (k.entries.length === 0) {
    put('No entries yet.', M + 4, { muted: true })
    y -= 16
  }
  y -= 8
  put(`Balance owed: ${rupees(k.balance)}`, right - 4, { bold: true, size: 11, alignRight: true })
  return doc.save()
}
