import { useEffect, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { BusinessBuyer, type CounterBuyer } from './business-buyer'
import { type CartLine, type cartTotals, lineNet, parseRupees, rupees } from './cart-maths'

/** The sale being made: its lines (quantity, line discount), bill discount, mobile, coupon, totals and Pay. */
export function CartPanel({
  lines,
  setLines,
  errors,
  orderDiscount,
  setOrderDiscount,
  phone,
  setPhone,
  coupon,
  setCoupon,
  buyer,
  setBuyer,
  onPay,
  totals,
  due,
  couponPreview,
  couponError,
  checkingCoupon,
  lastAdded,
  onClear,
  fresh,
}: {
  /** of packs with expired units here: how many are not expired (a line asking more sells an expired batch) */
  fresh?: Map<number, number> | null
  due: number
  couponPreview: { code: string; paise: number } | null
  couponError: string | null
  checkingCoupon: boolean
  lastAdded: { pack: number; at: number } | null
  onClear: () => void
  lines: CartLine[]
  setLines: (f: (l: CartLine[]) => CartLine[]) => void
  errors: Record<string, string>
  orderDiscount: string
  setOrderDiscount: (v: string) => void
  phone: string
  setPhone: (v: string) => void
  coupon: string
  setCoupon: (v: string) => void
  buyer: CounterBuyer
  setBuyer: (v: CounterBuyer) => void
  onPay: () => void
  totals: ReturnType<typeof cartTotals>
}) {
  const [open, setOpen] = useState<number | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  // The line just scanned or tapped comes into view.
  useEffect(() => {
    if (lastAdded) listRef.current?.querySelector(`[data-pack="${lastAdded.pack}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [lastAdded])
  const change = (pack: number, patch: Partial<CartLine>) => setLines((now) => now.map((l) => (l.pack_id === pack ? { ...l, ...patch } : l)))
  const remove = (pack: number) => setLines((now) => now.filter((l) => l.pack_id !== pack))
  if (lines.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-muted">
        <p className="text-lg">The sale is empty</p>
        <p className="text-sm">Scan a barcode, or search and tap a product.</p>
      </div>
    )
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <h2 className="font-semibold">Sale</h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear sale
        </Button>
      </div>
      <ul ref={listRef} aria-label="Sale lines" className="min-h-0 flex-1 divide-y divide-border overflow-y-auto">
        {lines.map((l, i) => {
          const err = errors[`lines.${i}.discount`] ?? errors[`lines.${i}.quantity`] ?? errors[`lines.${i}.pack_id`]
          return (
            <li
              key={lastAdded?.pack === l.pack_id ? `${l.pack_id}-${lastAdded.at}` : l.pack_id}
              data-pack={l.pack_id}
              className={cn('p-3', lastAdded?.pack === l.pack_id && 'animate-[pos-flash_1s_ease-out]')}
              aria-label={`${l.product_name} (${l.pack_name})`}
            >
              <div className="flex items-start gap-2">
                <button
                  type="button"
                  className="min-w-0 flex-1 text-left"
                  onClick={() => setOpen(open === l.pack_id ? null : l.pack_id)}
                  aria-expanded={open === l.pack_id}
                >
                  <span className="line-clamp-2 font-medium">{l.product_name}</span>
                  <span className="text-sm text-muted">
                    {l.pack_name} · {rupees(l.price)}
                    {l.discount > 0 && ` · −${rupees(l.discount)}`}
                  </span>
                </button>
                <div className="flex items-center">
                  <button
                    type="button"
                    aria-label={`One fewer ${l.product_name}`}
                    onClick={() => (l.quantity > 1 ? change(l.pack_id, { quantity: l.quantity - 1 }) : remove(l.pack_id))}
                    className="flex size-11 items-center justify-center rounded-md border border-border text-xl"
                  >
                    −
                  </button>
                  <input
                    aria-label={`Quantity of ${l.product_name} (${l.pack_name})`}
                    inputMode="numeric"
                    value={l.quantity}
                    onChange={(e) => {
                      const n = Number.parseInt(e.target.value, 10)
                      if (n > 0 && n <= 10_000) change(l.pack_id, { quantity: n })
                    }}
                    className="h-11 w-12 text-center tabular-nums"
                  />
                  <button
                    type="button"
                    aria-label={`One more ${l.product_name}`}
                    onClick={() => change(l.pack_id, { quantity: l.quantity + 1 })}
                    className="flex size-11 items-center justify-center rounded-md border border-border text-xl"
                  >
                    +
                  </button>
                </div>
                <span className="w-20 pt-2 text-right font-semibold tabular-nums">{rupees(lineNet(l))}</span>
              </div>
              {fresh?.has(l.pack_id) && l.quantity > fresh.get(l.pack_id)! && (
                <p role="alert" className="mt-1 rounded bg-danger/10 px-2 py-1 text-sm font-medium text-danger">
                  {l.quantity - fresh.get(l.pack_id)!} of these {fresh.get(l.pack_id) ? 'would come' : 'come'} from an expired batch: check the date on the pack
                  before selling.
                </p>
              )}
              {open === l.pack_id && (
                <div className="mt-2 flex items-end gap-2">
                  <label className="flex flex-col gap-1 text-sm">
                    Line discount (₹)
                    <input
                      inputMode="decimal"
                      defaultValue={l.discount ? String(l.discount / 100) : ''}
                      onChange={(e) => change(l.pack_id, { discount: parseRupees(e.target.value || '0') ?? 0 })}
                      className="h-11 w-28 rounded-md border border-border px-2"
                    />
                  </label>
                  <Button variant="ghost" className="ml-auto text-danger" onClick={() => remove(l.pack_id)}>
                    Remove
                  </Button>
                </div>
              )}
              {err && (
                <p role="alert" className="mt-1 text-sm text-danger">
                  {err}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <div className="flex flex-col gap-2 border-t border-border p-3">
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Bill discount (₹)
            <input
              inputMode="decimal"
              value={orderDiscount}
              onChange={(e) => setOrderDiscount(e.target.value)}
              className="h-11 rounded-md border border-border px-2"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Customer mobile (optional)
            <input
              inputMode="tel"
              maxLength={10}
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
              className="h-11 rounded-md border border-border px-2"
            />
          </label>
        </div>
        {(errors.discount || errors.customer_phone) && (
          <p role="alert" className="text-sm text-danger">
            {errors.discount ?? errors.customer_phone}
          </p>
        )}
        <label className="flex flex-col gap-1 text-sm">
          Coupon code (optional)
          <input
            autoCapitalize="characters"
            autoComplete="off"
            value={coupon}
            onChange={(e) => setCoupon(e.target.value)}
            aria-invalid={errors.coupon_code || couponError ? true : undefined}
            aria-describedby={errors.coupon_code || couponError ? 'pos-coupon-error' : undefined}
            className={cn('h-11 rounded-md border px-2 uppercase', errors.coupon_code || couponError ? 'border-danger' : 'border-border')}
          />
        </label>
        {errors.coupon_code || couponError ? (
          <p id="pos-coupon-error" role="alert" className="text-sm text-danger">
            {errors.coupon_code ?? couponError}
          </p>
        ) : (
          coupon.trim() && (
            <p className="text-xs text-muted" aria-live="polite">
              {checkingCoupon
                ? 'Checking the coupon…'
                : couponPreview
                  ? `${couponPreview.code} applied`
                  : 'Offline: the coupon comes off when the sale is sent'}
            </p>
          )
        )}
        <BusinessBuyer value={buyer} onChange={setBuyer} errors={errors} />
        <dl className="flex flex-col gap-0.5 text-sm tabular-nums">
          <div className="flex justify-between">
            <dt>
              {totals.items} {totals.items === 1 ? 'item' : 'items'}
            </dt>
            <dd>{rupees(totals.gross)}</dd>
          </div>
          {totals.lineDiscounts + totals.orderDiscount > 0 && (
            <div className="flex justify-between">
              <dt>Discounts</dt>
              <dd>−{rupees(totals.lineDiscounts + totals.orderDiscount)}</dd>
            </div>
          )}
          {couponPreview && (
            <div className="flex justify-between">
              <dt>Coupon {couponPreview.code}</dt>
              <dd>−{rupees(couponPreview.paise)}</dd>
            </div>
          )}
          {totals.savings > 0 && (
            <div className="flex justify-between text-success">
              <dt>Saved on MRP</dt>
              <dd>{rupees(totals.savings)}</dd>
            </div>
          )}
        </dl>
        <Button size="lg" className="h-16 justify-between text-xl" onClick={onPay} disabled={checkingCoupon}>
          <span>Pay (F8)</span>
          <span className="tabular-nums" data-testid="cart-total">
            {rupees(due)}
          </span>
        </Button>
      </div>
    </div>
  )
}
