import type { ShelfLabel } from '../../../../common/contracts/admin-supplier-books'
import { formatINR, toPaise } from '../../../../common/money'
import { bars, canEncode } from './code128'

/**
 * Shelf labels on A4 label sheets (issue 33): each label the product, pack, MRP, the shop's price, a Code 128 barcode
 * (SVG, so it prints sharp) and the expiry. Positions are in millimetres of the sheet, for the common 3 × 8 and
 * 3 × 7 sheets (63.5 mm wide labels, 2.5 mm between columns), printed at 100 % with no page margins.
 */

export const SHEETS = {
  '24': { label: 'A4, 24 labels (3 × 8, 63.5 × 33.9 mm)', columns: 3, rows: 8, width: 63.5, height: 33.9, top: 12.9, left: 7.25, gap: 2.5 },
  '21': { label: 'A4, 21 labels (3 × 7, 63.5 × 38.1 mm)', columns: 3, rows: 7, width: 63.5, height: 38.1, top: 15.15, left: 7.25, gap: 2.5 },
} as const
export type SheetKind = keyof typeof SHEETS

const rupees = (r: number) => formatINR(toPaise(r))
const expiryText = (d: string | null) =>
  d ? `Best before ${new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' })}` : ''

export function Barcode({ value, height }: { value: string; height: number }) {
  if (!canEncode(value)) return null
  const { rects, width } = bars(value)
  // 10 modules of quiet zone on each side
  return (
    <svg role="img" aria-label={`Barcode ${value}`} viewBox={`0 0 ${width + 20} 1`} preserveAspectRatio="none" style={{ width: '100%', height: `${height}mm` }}>
      {rects.map(([x, w]) => (
        <rect key={x} x={x + 10} y={0} width={w} height={1} fill="#000" />
      ))}
    </svg>
  )
}

function Label({ l }: { l: ShelfLabel }) {
  return (
    <div data-label className="flex h-full flex-col overflow-hidden px-[2.5mm] py-[1.5mm] text-black" style={{ fontSize: '2.6mm', lineHeight: 1.2 }}>
      <div className="line-clamp-2 font-semibold" style={{ fontSize: '3.1mm' }}>
        {l.product_name}
      </div>
      <div className="flex items-baseline justify-between">
        <span>{l.pack_name}</span>
        <span>MRP {rupees(l.mrp)}</span>
      </div>
      <div className="font-bold" style={{ fontSize: '4.2mm' }}>
        {rupees(l.price)}
      </div>
      <div className="mt-auto">
        <Barcode value={l.code} height={7} />
        <div className="flex justify-between" style={{ fontSize: '2.2mm' }}>
          <span>{l.code}</span>
          <span>{expiryText(l.expiry)}</span>
        </div>
      </div>
    </div>
  )
}

/** The labels, each repeated `copies[i]` times, laid out page by page on the chosen sheet. */
export function ShelfSheets({ labels, copies, kind }: { labels: ShelfLabel[]; copies: number[]; kind: SheetKind }) {
  const s = SHEETS[kind]
  const all = labels.flatMap((l, i) => Array.from({ length: Math.max(0, copies[i] ?? 0) }, () => l))
  const perPage = s.columns * s.rows
  const pages = Array.from({ length: Math.ceil(all.length / perPage) }, (_, p) => all.slice(p * perPage, (p + 1) * perPage))
  return (
    <div className="shelf-sheets flex flex-col items-center gap-6">
      <style>{`@media print { @page { size: A4; margin: 0 } body * { visibility: hidden } .shelf-sheets, .shelf-sheets * { visibility: visible }
        .shelf-sheets { position: absolute; left: 0; top: 0; gap: 0 } .shelf-page { box-shadow: none !important; break-after: page } }`}</style>
      {pages.map((page, p) => (
        <section key={p} aria-label={`Sheet ${p + 1}`} className="shelf-page relative bg-white shadow-md" style={{ width: '210mm', height: '297mm' }}>
          {page.map((l, i) => (
            <div
              key={i}
              className="absolute outline outline-1 outline-gray-200 print:outline-none"
              style={{
                left: `${s.left + (i % s.columns) * (s.width + s.gap)}mm`,
                top: `${s.top + Math.floor(i / s.columns) * s.height}mm`,
                width: `${s.width}mm`,
                height: `${s.height}mm`,
              }}
            >
              <Label l={l} />
            </div>
          ))}
        </section>
      ))}
    </div>
  )
}
