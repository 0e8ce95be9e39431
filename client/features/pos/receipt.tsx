import type { ReceiptTax } from '../../../common/contracts/receipt-tax'
import { cn } from '../../lib/cn'
import { type CartLine, type CartPayment, cartTotals, lineGross, lineNet, rupees } from './cart-maths'

export interface ReceiptData {
  /** the order number, or null while an offline sale waits to be sent */
  order_number: string | null
  client_id: string
  at: string
  cashier: string
  register: string
  lines: CartLine[]
  orderDiscount: number
  payments: CartPayment[]
  change: number
  customer_phone?: string
  /** the website's coupon, as the server took it off (paise) */
  coupon?: { code: string; discount: number }
  /** the GST part, from the invoice the server issued with the sale (absent offline, or without a GST registration) */
  tax?: ReceiptTax | null
}

export interface Shop {
  name: string
  address: string
  phone: string
  email: string
}

export type PaperSize = '80mm' | 'a4'

const METHOD: Record<string, string> = { cash: 'Cash', upi: 'UPI', card: 'Card', khata: 'On khata' }

/**
 * The customer's receipt, as printed: 80 mm thermal paper (one narrow column, monospace figures) or A4.
 * The page's own print CSS hides everything else (the POS screen marks itself `print:hidden`).
 */
export function Receipt({ data, shop, paper }: { data: ReceiptData; shop: Shop; paper: PaperSize }) {
  const t = cartTotals(data.lines, data.orderDiscount)
  const couponOff = data.coupon?.discount ?? 0
  const narrow = paper === '80mm'
  const row = 'flex justify-between gap-2'
  return (
    <article
      aria-label="Receipt"
      data-paper={paper}
      className={cn(
        'receipt mx-auto bg-white text-black tabular-nums',
        narrow ? 'w-[80mm] max-w-full p-3 font-mono text-[12px] leading-snug' : 'w-full max-w-[190mm] p-8 text-sm',
      )}
    >
      <header className="text-center">
        <p className={cn('font-bold', narrow ? 'text-base' : 'text-2xl')}>{shop.name}</p>
        {shop.address && <p className="whitespace-pre-line">{shop.address}</p>}
        {(shop.phone || shop.email) && <p>{[shop.phone && `Ph ${shop.phone}`, shop.email].filter(Boolean).join(' · ')}</p>}
        <p className={cn('mt-2 font-semibold', !narrow && 'text-lg')}>Receipt</p>
      </header>
      <dl className="mt-2 border-y border-dashed border-black py-1">
        <div className={row}>
          <dt>Receipt no.</dt>
          <dd className="font-semibold">{data.order_number ?? `Pending (offline) ${data.client_id.slice(0, 8)}`}</dd>
        </div>
        <div className={row}>
          <dt>Date</dt>
          <dd>{new Date(data.at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
        <div className={row}>
          <dt>Counter</dt>
          <dd>
            {data.register} · {data.cashier}
          </dd>
        </div>
        {data.customer_phone && (
          <div className={row}>
            <dt>Customer</dt>
            <dd>{data.customer_phone}</dd>
          </div>
        )}
      </dl>
      <table className="mt-1 w-full border-collapse">
        <thead>
          <tr className="border-b border-dashed border-black text-left">
            <th className="py-0.5 font-semibold">Item</th>
            <th className="py-0.5 pl-2 text-right font-semibold">Qty</th>
            {!narrow && <th className="py-0.5 pl-2 text-right font-semibold">MRP</th>}
            <th className="py-0.5 pl-2 text-right font-semibold">Rate</th>
            <th className="py-0.5 pl-2 text-right font-semibold">Amount</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l) => (
            <tr key={l.pack_id} className="align-top">
              <td className="py-0.5 pr-1">
                {l.product_name} <span className="whitespace-nowrap">({l.pack_name})</span>
                {l.discount > 0 && <span className="block">Discount −{rupees(l.discount)}</span>}
              </td>
              <td className="py-0.5 pl-2 text-right">{l.quantity}</td>
              {!narrow && <td className="py-0.5 pl-2 text-right">{rupees(l.mrp)}</td>}
              <td className="py-0.5 pl-2 text-right">{rupees(l.price)}</td>
              <td className="py-0.5 pl-2 text-right">{l.discount > 0 ? rupees(lineNet(l)) : rupees(lineGross(l))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-1 border-t border-dashed border-black pt-1">
        <div className={row}>
          <dt>Items</dt>
          <dd>{t.items}</dd>
        </div>
        <div className={row}>
          <dt>Subtotal</dt>
          <dd>{rupees(t.gross)}</dd>
        </div>
        {t.lineDiscounts > 0 && (
          <div className={row}>
            <dt>Line discounts</dt>
            <dd>−{rupees(t.lineDiscounts)}</dd>
          </div>
        )}
        {t.orderDiscount > 0 && (
          <div className={row}>
            <dt>Bill discount</dt>
            <dd>−{rupees(t.orderDiscount)}</dd>
          </div>
        )}
        {data.coupon && (
          <div className={row}>
            <dt>Coupon {data.coupon.code}</dt>
            <dd>−{rupees(couponOff)}</dd>
          </div>
        )}
        <div className={cn(row, 'border-t border-black pt-1 font-bold', narrow ? 'text-sm' : 'text-lg')}>
          <dt>Total</dt>
          <dd>{rupees(t.total - couponOff)}</dd>
        </div>
        <p className="text-[0.9em]">Prices include all taxes.</p>
      </dl>
      <dl className="mt-1 border-t border-dashed border-black pt-1">
        {data.payments.map((p, i) => (
          <div key={`${p.method}-${i}`} className={row}>
            <dt>
              Paid by {METHOD[p.method]}
              {p.reference ? ` (${p.reference})` : ''}
            </dt>
            <dd>{rupees(p.amount)}</dd>
          </div>
        ))}
        {data.change > 0 && (
          <div className={cn(row, 'font-semibold')}>
            <dt>Change given</dt>
            <dd>{rupees(data.change)}</dd>
          </div>
        )}
      </dl>
      {data.tax && <TaxPart tax={data.tax} narrow={narrow} />}
      {t.savings > 0 && (
        <p className="mt-2 border border-black py-1 text-center font-semibold">
          You saved {rupees(t.savings)} on MRP ({rupees(t.mrp)})
        </p>
      )}
      <p className="mt-2 text-center">Thank you! Please visit again.</p>
    </article>
  )
}

const paise = (r: number) => Math.round(r * 100)
/** rupees without the sign, two decimals: tax tables line up */
const amount = (r: number) => r.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * The receipt's GST part (issue 17): the sale's tax invoice number and the shop's GSTIN, a business buyer's name,
 * GSTIN and the place of supply (a B2B sale, issue 34), taxes per rate (taxable
 * value, CGST, SGST, IGST and cess only when there is any) and the HSN summary — on 80 mm the code, rate and tax
 * only, on A4 every column. The figures are the invoice's, so the receipt and the PDF agree.
 */
export function TaxPart({ tax, narrow }: { tax: ReceiptTax; narrow: boolean }) {
  const cess = tax.totals.cess > 0
  const igst = tax.totals.igst > 0
  const cell = 'py-0.5 pl-1 text-right'
  const head = cn(cell, 'font-semibold')
  return (
    <section aria-label="GST" className="mt-1 border-t border-dashed border-black pt-1">
      <p className="text-center font-semibold">Tax invoice {tax.invoice_number}</p>
      <p className="text-center">
        GSTIN {tax.gstin}
        {!narrow && ` · ${tax.legal_name} · Place of supply ${tax.place_of_supply}`}
      </p>
      {tax.buyer && (
        <p className="text-center" data-testid="receipt-buyer">
          Buyer {tax.buyer.name} · GSTIN {tax.buyer.gstin}
          {narrow && ` · Place of supply ${tax.place_of_supply}`}
        </p>
      )}
      <table className={cn('mt-1 w-full border-collapse', narrow && 'text-[11px]')}>
        <thead>
          <tr className="border-b border-dashed border-black text-left">
            <th className="py-0.5 font-semibold">GST</th>
            <th className={head}>Taxable</th>
            {igst ? <th className={head}>IGST</th> : null}
            {!igst || tax.totals.cgst > 0 ? (
              <>
                <th className={head}>CGST</th>
                <th className={head}>SGST</th>
              </>
            ) : null}
            {cess && <th className={head}>Cess</th>}
          </tr>
        </thead>
        <tbody>
          {tax.rates.map((r) => (
            <tr key={`${r.rate}-${r.cess_rate}`}>
              <td className="py-0.5">
                {r.rate}%{r.cess_rate > 0 ? `+${r.cess_rate}%` : ''}
              </td>
              <td className={cell}>{amount(r.taxable)}</td>
              {igst ? <td className={cell}>{amount(r.igst)}</td> : null}
              {!igst || tax.totals.cgst > 0 ? (
                <>
                  <td className={cell}>{amount(r.cgst)}</td>
                  <td className={cell}>{amount(r.sgst)}</td>
                </>
              ) : null}
              {cess && <td className={cell}>{amount(r.cess)}</td>}
            </tr>
          ))}
          <tr className="border-t border-dashed border-black font-semibold">
            <td className="py-0.5">Total</td>
            <td className={cell}>{amount(tax.totals.taxable)}</td>
            {igst ? <td className={cell}>{amount(tax.totals.igst)}</td> : null}
            {!igst || tax.totals.cgst > 0 ? (
              <>
                <td className={cell}>{amount(tax.totals.cgst)}</td>
                <td className={cell}>{amount(tax.totals.sgst)}</td>
              </>
            ) : null}
            {cess && <td className={cell}>{amount(tax.totals.cess)}</td>}
          </tr>
        </tbody>
      </table>
      <table className={cn('mt-1 w-full border-collapse', narrow && 'text-[11px]')}>
        <caption className="text-left font-semibold">HSN summary</caption>
        <thead>
          <tr className="border-b border-dashed border-black text-left">
            <th className="py-0.5 font-semibold">HSN</th>
            {!narrow && <th className={head}>Qty</th>}
            <th className={head}>Rate</th>
            {!narrow && <th className={head}>Taxable</th>}
            <th className={head}>Tax</th>
          </tr>
        </thead>
        <tbody>
          {tax.hsn.map((h) => (
            <tr key={`${h.code}-${h.rate}`}>
              <td className="py-0.5">{h.code}</td>
              {!narrow && <td className={cell}>{h.quantity}</td>}
              <td className={cell}>{h.rate}%</td>
              {!narrow && <td className={cell}>{amount(h.taxable)}</td>}
              <td className={cell}>{amount((paise(h.cgst) + paise(h.sgst) + paise(h.igst) + paise(h.cess)) / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex justify-between gap-2 font-semibold">
        <span>Total tax (included)</span>
        <span>{rupees(paise(tax.totals.tax))}</span>
      </p>
      {tax.credit_notes.map((c) => (
        <p key={c.number} className="flex justify-between gap-2">
          <span>Credit note {c.number}</span>
          <span>−{rupees(paise(c.total))}</span>
        </p>
      ))}
    </section>
  )
}

/** The page size for printing: the receipt alone, on the chosen paper. */
export function PrintPage({ paper }: { paper: PaperSize }) {
  const css =
    paper === '80mm'
      ? '@page { size: 80mm auto; margin: 0 } @media print { .receipt { width: 80mm !important; padding: 2mm 3mm !important } }'
      : '@page { size: A4; margin: 12mm }'
  return <style>{css}</style>
}
