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
}

export interface Shop {
  name: string
  address: string
  phone: string
  email: string
}

export type PaperSize = '80mm' | 'a4'

const METHOD: Record<string, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' }

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
      {t.savings > 0 && (
        <p className="mt-2 border border-black py-1 text-center font-semibold">
          You saved {rupees(t.savings)} on MRP ({rupees(t.mrp)})
        </p>
      )}
      <p className="mt-2 text-center">Thank you! Please visit again.</p>
    </article>
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
