import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type Fontkit from '@pdf-lib/fontkit'
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib'
import type * as PdfLib from 'pdf-lib'
import { lazyModule } from '../../platform/lazy-module'
import type { TaxDocumentContent, TaxLine } from '../../../common/contracts/invoices'

const load = createRequire(import.meta.url)
const pdfLib = lazyModule<typeof PdfLib>(() => load('pdf-lib'))
const fontkit = lazyModule<typeof Fontkit>(() => load('@pdf-lib/fontkit'))
const rgb: typeof PdfLib.rgb = (...args) => pdfLib.rgb(...args)

/**
 * A tax invoice or credit note as a PDF (A4), drawn with pdf-lib from the document's frozen content. The fonts
 * (DejaVu Sans, Bitstream Vera licence: fonts/LICENSE-DejaVu.txt) ship with the code and are embedded as subsets,
 * so ₹ prints the same on every machine.
 */

const FONT_DIR = new URL('./fonts/', import.meta.url)
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | null = null
const fonts = () => {
  fontBytes ??= { regular: readFileSync(new URL('DejaVuSans.ttf', FONT_DIR)), bold: readFileSync(new URL('DejaVuSans-Bold.ttf', FONT_DIR)) }
  return fontBytes
}

const A4 = { w: 595.28, h: 841.89 }
const M = 30
const INK = rgb(0.1, 0.1, 0.12)
const MUTED = rgb(0.38, 0.4, 0.45)
const RULE = rgb(0.75, 0.77, 0.8)
const SHADE = rgb(0.94, 0.95, 0.97)

const num = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const money = (paise: number) => num.format(paise / 100)
const rupees = (paise: number) => `₹${money(paise)}`

/** dd-mm-yyyy in India */
export function indiaDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000)
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`
}

interface Ctx {
  doc: PDFDocument
  page: PDFPage
  y: number
  regular: PDFFont
  bold: PDFFont
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const out: string[] = []
  for (const para of text.split('\n')) {
    let line = ''
    for (const word of para.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(next, size) <= width) line = next
      else {
        if (line) out.push(line)
        line = word
        while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
          let cut = line.length - 1
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--
          out.push(line.slice(0, cut))
          line = line.slice(cut)
        }
      }
    }
    out.push(line)
  }
  return out
}

function text(
  c: Ctx,
  s: string,
  x: number,
  y: number,
  o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; right?: number; center?: number } = {},
) {
  const size = o.size ?? 8
  const font = o.bold ? c.bold : c.regular
  let at = x
  if (o.right !== undefined) at = x + o.right - font.widthOfTextAtSize(s, size)
  if (o.center !== undefined) at = x + (o.center - font.widthOfTextAtSize(s, size)) / 2
  c.page.drawText(s, { x: at, y, size, font, color: o.color ?? INK })
}

function block(c: Ctx, x: number, y: number, width: number, rows: { label?: string; value: string; bold?: boolean }[]): number {
  let at = y
  for (const r of rows) {
    const label = r.label ? `${r.label}: ` : ''
    const lw = label ? c.regular.widthOfTextAtSize(label, 8) : 0
    if (label) text(c, label, x, at, { color: MUTED })
    for (const [i, line] of wrap(r.bold ? c.bold : c.regular, r.value, r.bold ? 9 : 8, width - lw).entries()) {
      text(c, line, x + lw, at, { bold: r.bold, size: r.bold ? 9 : 8 })
      if (i >= 0) at -= r.bold ? 12 : 10.5
    }
  }
  return at
}

interface Column {
  title: string
  width: number
  right?: boolean
  cell: (l: TaxLine) => string
}

function columns(d: TaxDocumentContent): Column[] {
  const credit = d.kind === 'credit_note'
  const cols: Column[] = [
    { title: '#', width: 16, cell: (l) => String(l.sr) },
    { title: 'Description', width: d.interState ? 146 : 126, cell: (l) => l.description },
    { title: 'HSN/SAC', width: 40, cell: (l) => l.code || '—' },
    { title: 'Qty', width: 34, right: true, cell: (l) => (l.quantity ? `${l.quantity} ${l.unit}` : '—') },
    { title: 'Rate', width: 44, right: true, cell: (l) => money(l.unitPricePaise) },
    { title: credit ? 'Less' : 'Discount', width: 38, right: true, cell: (l) => (l.discountPaise ? money(l.discountPaise) : '—') },
    { title: 'Taxable', width: 50, right: true, cell: (l) => money(l.taxablePaise) },
    { title: 'GST %', width: 28, right: true, cell: (l) => `${l.ratePct}%` },
  ]
  if (d.interState) cols.push({ title: 'IGST', width: 60, right: true, cell: (l) => money(l.igstPaise) })
  else {
    cols.push({ title: 'CGST', width: 40, right: true, cell: (l) => money(l.cgstPaise) })
    cols.push({ title: 'SGST', width: 40, right: true, cell: (l) => money(l.sgstPaise) })
  }
  cols.push({ title: 'Cess', width: 30, right: true, cell: (l) => (l.cessPaise ? money(l.cessPaise) : '—') })
  cols.push({ title: 'Amount', width: A4.w - 2 * M - cols.reduce((a, col) => a + col.width, 0), right: true, cell: (l) => money(l.valuePaise) })
  return cols
}

function tableHead(c: Ctx, cols: Column[]) {
  c.page.drawRectangle({ x: M, y: c.y - 5, width: A4.w - 2 * M, height: 16, color: SHADE })
  let x = M + 2
  for (const col of cols) {
    text(c, col.title, x, c.y, { bold: true, size: 7, right: col.right ? col.width - 4 : undefined })
    x += col.width
  }
  c.y -= 16
}

function newPage(c: Ctx, d: TaxDocumentContent) {
  c.page = c.doc.addPage([A4.w, A4.h])
  c.y = A4.h - M
  text(c, `${d.title} ${d.number} (continued)`, M, c.y, { bold: true, size: 9 })
  c.y -= 20
}

/** The document as PDF bytes. */
export async function renderTaxDocument(d: TaxDocumentContent): Promise<Uint8Array> {
  const doc = await pdfLib.PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(`${d.title} ${d.number}`)
  doc.setAuthor(d.supplier.name)
  // who it is to, readable without drawing the page (a B2B document names the buyer's GSTIN)
  doc.setSubject(`${d.title} ${d.number} to ${d.recipient.name}${d.recipient.gstin ? ` (GSTIN ${d.recipient.gstin})` : ''}`)
  doc.setCreator('Storefront')
  doc.setProducer('Storefront (pdf-lib)')
  doc.setCreationDate(new Date(d.issuedAt))
  doc.setModificationDate(new Date(d.issuedAt))
  const f = fonts()
  const c: Ctx = {
    doc,
    page: doc.addPage([A4.w, A4.h]),
    y: A4.h - M,
    regular: await doc.embedFont(f.regular, { subset: true }),
    bold: await doc.embedFont(f.bold, { subset: true }),
  }
  const width = A4.w - 2 * M

  // title
  text(c, d.title.toUpperCase(), M, c.y - 4, { bold: true, size: 15, center: width })
  c.y -= 14
  text(c, d.kind === 'invoice' ? 'Original for recipient' : 'Issued under section 34 of the CGST Act', M, c.y - 6, { size: 7, color: MUTED, center: width })
  c.y -= 24

  // supplier (left) and the document's particulars (right)
  const top = c.y
  const s = d.supplier
  const left = block(c, M, top, width * 0.55, [
    { value: s.tradeName || s.name, bold: true },
    ...(s.tradeName && s.tradeName !== s.name ? [{ value: s.name }] : []),
    { value: s.address },
    { label: 'GSTIN', value: s.gstin ?? '—' },
    { label: 'State', value: `${s.state} (${s.stateCode})` },
  ])
  const rx = M + width * 0.6
  const particulars = [
    { label: d.kind === 'invoice' ? 'Invoice no.' : 'Credit note no.', value: d.number },
    { label: 'Date', value: indiaDate(d.issuedAt) },
    ...(d.against ? [{ label: 'Against invoice', value: `${d.against.number} of ${indiaDate(d.against.issuedAt)}` }] : []),
    { label: 'Order', value: `${d.order.number} of ${indiaDate(d.order.placedAt)}` },
    { label: 'Place of supply', value: `${d.placeOfSupply.state} (${d.placeOfSupply.stateCode})` },
    { label: 'Reverse charge', value: 'No' },
    ...(d.reason ? [{ label: 'Reason', value: shopperReason(d.reason) }] : []),
  ]
  const right = block(c, rx, top, width * 0.4, particulars)
  c.y = Math.min(left, right) - 6
  c.page.drawLine({ start: { x: M, y: c.y }, end: { x: A4.w - M, y: c.y }, thickness: 0.5, color: RULE })
  c.y -= 14

  // recipient
  const r = d.recipient
  text(c, d.order.channel === 'pos' ? 'Customer' : 'Bill to / ship to', M, c.y, { size: 7, color: MUTED })
  c.y -= 11
  c.y = block(c, M, c.y, width, [
    { value: r.name, bold: true },
    { value: r.address },
    ...(r.phone ? [{ label: 'Phone', value: r.phone }] : []),
    { label: 'State', value: `${r.state} (${r.stateCode})` },
    { label: 'GSTIN', value: r.gstin ?? 'Unregistered' },
  ])
  c.y -= 8

  // lines
  const cols = columns(d)
  tableHead(c, cols)
  for (const l of d.lines) {
    const descCol = cols[1]
    const desc = wrap(c.regular, l.description, 7.5, descCol.width - 6)
    const h = desc.length * 9.5 + 5
    if (c.y - h < M + 40) {
      newPage(c, d)
      tableHead(c, cols)
    }
    let x = M + 2
    for (const col of cols) {
      if (col === descCol) desc.forEach((line, i) => text(c, line, x, c.y - i * 9.5, { size: 7.5 }))
      else text(c, col.cell(l), x, c.y, { size: 7.5, right: col.right ? col.width - 4 : undefined })
      x += col.width
    }
    c.y -= h
    c.page.drawLine({ start: { x: M, y: c.y + 7 }, end: { x: A4.w - M, y: c.y + 7 }, thickness: 0.3, color: RULE })
  }

  // totals
  const t = d.totals
  const rows: [string, string, boolean?][] = [['Taxable value', rupees(t.taxablePaise)]]
  if (d.interState) rows.push(['IGST', rupees(t.igstPaise)])
  else rows.push(['CGST', rupees(t.cgstPaise)], ['SGST', rupees(t.sgstPaise)])
  if (t.cessPaise) rows.push(['Cess', rupees(t.cessPaise)])
  rows.push(['Round-off', rupees(t.roundOffPaise)])
  rows.push([d.kind === 'invoice' ? 'Total (tax included)' : 'Total credited', rupees(t.totalPaise), true])
  if (c.y - rows.length * 13 - 120 < M) newPage(c, d)
  c.y -= 6
  const tx = A4.w - M - 210
  for (const [label, value, strong] of rows) {
    text(c, label, tx, c.y, { bold: strong, size: strong ? 9.5 : 8 })
    text(c, value, tx, c.y, { bold: strong, size: strong ? 9.5 : 8, right: 208 })
    c.y -= strong ? 15 : 12
  }
  for (const line of wrap(c.regular, `Amount in words: ${d.amountInWords}`, 8, width)) {
    text(c, line, M, c.y, { size: 8 })
    c.y -= 11
  }
  c.y -= 8

  // tax summary by rate
  text(c, 'Tax summary', M, c.y, { bold: true, size: 8.5 })
  c.y -= 13
  const heads = d.interState ? ['GST rate', 'Taxable value', 'IGST', 'Cess', 'Total tax'] : ['GST rate', 'Taxable value', 'CGST', 'SGST', 'Cess', 'Total tax']
  const cw = 80
  heads.forEach((h, i) => text(c, h, M + i * cw, c.y, { bold: true, size: 7.5, right: i ? cw - 6 : undefined }))
  c.y -= 11
  for (const b of d.byRate) {
    const cells = d.interState
      ? [`${b.ratePct}%`, money(b.taxablePaise), money(b.igstPaise), money(b.cessPaise), money(b.igstPaise + b.cessPaise)]
      : [`${b.ratePct}%`, money(b.taxablePaise), money(b.cgstPaise), money(b.sgstPaise), money(b.cessPaise), money(b.cgstPaise + b.sgstPaise + b.cessPaise)]
    cells.forEach((v, i) => text(c, v, M + i * cw, c.y, { size: 7.5, right: i ? cw - 6 : undefined }))
    c.y -= 10
  }
  c.y -= 20

  // signature and notes
  text(c, `For ${s.name}`, A4.w - M - 200, c.y, { bold: true, size: 8, right: 200 })
  c.y -= 26
  text(c, 'Authorised signatory', A4.w - M - 200, c.y, { size: 8, right: 200, color: MUTED })
  const note =
    d.kind === 'invoice'
      ? 'Prices include GST. This invoice was issued electronically and is valid without a signature.'
      : 'This credit note reduces the tax of the invoice named above. Issued electronically; valid without a signature.'
  text(c, note, M, M - 8, { size: 6.5, color: MUTED })
  return doc.save({ useObjectStreams: false })
}

/** Credit notes issued before issue 29 carried the staff's note after "Refund: "; the shopper is shown only "Refund". */
export const shopperReason = (reason: string) => (reason.startsWith('Refund: ') ? 'Refund' : reason)

/** A new A4 document with the invoice's fonts embedded, for other documents drawn the same way (the khata statement). */
export async function newA4Document(title: string, author: string) {
  const doc = await pdfLib.PDFDocument.create()
  doc.registerFontkit(fontkit)
  doc.setTitle(title)
  doc.setAuthor(author)
  doc.setCreator('Storefront')
  doc.setProducer('Storefront (pdf-lib)')
  const f = fonts()
  return {
    doc,
    regular: await doc.embedFont(f.regular, { subset: true }),
    bold: await doc.embedFont(f.bold, { subset: true }),
    size: A4,
    colours: { ink: INK, muted: MUTED, rule: RULE, shade: SHADE },
  }
}
