import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { PackingSlip, PickLine } from '../../../../common/contracts/admin-orders'
import { formatINR } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { staffPath } from '../../../staff/staff-paths'
import { useSearchParams } from '../../../lib/router'
import { Button } from '../../../ui/button'
import { PageHeader } from '../../../staff/ui/page-header'
import { METHOD_LABELS } from '../../../staff/ui/order-status'
import { usePickList } from './api'

/** What a Print button prints: the pick list on A4, or the packing slips on A4 (one a page) or an 80 mm receipt roll. */
type PrintOut = 'pick' | 'slips-a4' | 'slips-80'
/**
 * `size: 80mm auto` is not valid CSS (Chromium drops it and prints Letter), so the roll's page is 80 mm wide and as
 * long as the longest slip, measured on the page.
 */
const pageRule = (out: PrintOut, rollMm: number) => (out === 'slips-80' ? `@page { size: 80mm ${rollMm}mm; margin: 0 }` : '@page { size: A4; margin: 12mm }')
const PX_MM = 25.4 / 96
const fieldClasses = 'h-10 rounded-md border border-border bg-surface px-2 text-sm'
const units = (lines: PickLine[]) => {
  const n = lines.reduce((sum, l) => sum + l.quantity, 0)
  return `${n} ${n === 1 ? 'unit' : 'units'}`
}
const DATE = /^\d{4}-\d{2}-\d{2}$/

export function PickListView() {
  const [search, setSearch] = useSearchParams()
  // no date asked: the server answers the next delivery day with orders to pick (tomorrow when none)
  const asked = DATE.test(search.get('date') ?? '') ? search.get('date')! : undefined
  const slot = search.get('slot') || undefined
  const { data, error, isPending } = usePickList({ date: asked, slot })
  const date = asked ?? data?.date ?? ''
  const [printOut, setPrintOut] = useState<PrintOut>('pick')
  const [printAsked, setPrintAsked] = useState(0)
  const printed = useRef<HTMLDivElement>(null)
  const [rollMm, setRollMm] = useState(200)
  useLayoutEffect(() => {
    const slips = printed.current?.querySelectorAll<HTMLElement>('[data-slip]') ?? []
    const tallest = Math.max(0, ...[...slips].map((el) => el.offsetHeight))
    if (printOut === 'slips-80' && tallest) setRollMm(Math.ceil(tallest * PX_MM) + 2)
  }, [printOut, data])
  useEffect(() => {
    if (printAsked) window.print()
  }, [printAsked])
  const choose = (key: 'date' | 'slot', value: string) => {
    const next = new URLSearchParams(search)
    if (value) next.set(key, value)
    else next.delete(key)
    if (key === 'date') next.delete('slot')
    setSearch(next, { replace: true })
  }
  const print = (what: PrintOut) => {
    setPrintOut(what)
    setPrintAsked((n) => n + 1)
  }
  const slotLabel = slot ? (data?.slots.find((s) => s.start === slot) ?? { start: slot, end: '' }) : null
  const title = `${date}${slotLabel ? ` · ${slotLabel.start}${slotLabel.end ? `–${slotLabel.end}` : ''}` : ' · all slots'}`
  const empty = !data || data.slips.length === 0

  return (
    <div>
      <style>{`@media print { ${pageRule(printOut, rollMm)} }`}</style>
      <div className="print:hidden">
        <PageHeader
          title="Pick list"
          description="What to pick for a delivery slot: the lines of its confirmed orders (not yet packed), summed per pack and warehouse, and the packing slips of its orders."
          back={{ to: staffPath('/bos/admin/orders'), label: 'Orders' }}
          actions={
            <>
              <Button variant="outline" disabled={empty} onClick={() => print('pick')}>
                Print pick list (A4)
              </Button>
              <Button variant="outline" disabled={empty} onClick={() => print('slips-a4')}>
                Print slips (A4)
              </Button>
              <Button variant="outline" disabled={empty} onClick={() => print('slips-80')}>
                Print slips (80 mm)
              </Button>
            </>
          }
        />
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Delivery date
            <input type="date" className={fieldClasses} value={date} onChange={(e) => e.target.value && choose('date', e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Slot
            <select className={fieldClasses} value={slot ?? ''} onChange={(e) => choose('slot', e.target.value)}>
              <option value="">All slots of the day</option>
              {slot && !data?.slots.some((s) => s.start === slot) && <option value={slot}>{slot}</option>}
              {data?.slots.map((s) => (
                <option key={s.start} value={s.start}>
                  {s.start}–{s.end}
                </option>
              ))}
            </select>
          </label>
          {data && (
            <p className="pb-2 text-sm text-muted">
              {data.slips.length} {data.slips.length === 1 ? 'order' : 'orders'} · {units(data.lines)} to pick
            </p>
          )}
        </div>
        {error ? (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
            {errorText(error)}
          </p>
        ) : isPending ? (
          <p className="text-sm text-muted">Loading the pick list…</p>
        ) : empty ? (
          <p className="rounded-md border border-border bg-surface p-6 text-center text-sm text-muted">No confirmed orders to pick for {title}.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-border bg-surface">
            <PickTable lines={data.lines} />
          </div>
        )}
      </div>
      {data && !empty && (
        // Laid out off screen and invisible (not display:none) so the slips can be measured; only print shows it.
        <div ref={printed} className="invisible fixed top-0 -left-[200vw] print:visible print:static" data-print={printOut}>
          {printOut === 'pick' ? (
            <div className="text-black">
              <h2 className="mb-2 text-lg font-bold">Pick list · {title}</h2>
              <p className="mb-3 text-sm">
                {data.slips.length} {data.slips.length === 1 ? 'order' : 'orders'}: {data.slips.map((s) => s.order_number).join(', ')}
              </p>
              <PickTable lines={data.lines} print />
            </div>
          ) : (
            data.slips.map((s) => <Slip key={s.order_id} slip={s} thermal={printOut === 'slips-80'} />)
          )}
        </div>
      )}
    </div>
  )
}

/**
 * The pick table; printed, it is laid out fixed to the A4 page's width (186 mm inside the margins): every column has
 * its share, long names and order lists wrap inside their cell instead of running off the page.
 */
function PickTable({ lines, print = false }: { lines: PickLine[]; print?: boolean }) {
  const cell = print ? 'border border-black px-1.5 py-1 align-top break-words' : 'border-b border-border px-3 py-2'
  const width = (share: string) => (print ? share : undefined)
  return (
    <table className={`w-full border-collapse text-left text-sm ${print ? 'table-fixed' : ''}`} data-pick-table={print ? 'print' : undefined}>
      {print && (
        <colgroup>
          <col className="w-[7mm]" />
          <col className={width('w-[16%]')} />
          <col className={width('w-[28%]')} />
          <col className={width('w-[11%]')} />
          <col className={width('w-[13%]')} />
          <col className={width('w-[9%]')} />
          <col />
        </colgroup>
      )}
      <thead>
        <tr>
          {print && <th className={cell}>✓</th>}
          <th className={cell}>Warehouse</th>
          <th className={cell}>Product</th>
          <th className={cell}>Pack</th>
          <th className={cell}>SKU</th>
          <th className={`${cell} text-right`}>{print ? 'Qty' : 'Quantity'}</th>
          <th className={cell}>Orders</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.pack_id}:${l.warehouse_id}`} className="break-inside-avoid">
            {print && <td className={cell} />}
            <td className={cell}>{l.warehouse}</td>
            <td className={`${cell} font-medium`}>{l.product}</td>
            <td className={cell}>{l.pack}</td>
            <td className={`${cell} font-mono text-xs ${print ? 'break-all' : ''}`}>{l.sku ?? '—'}</td>
            <td className={`${cell} text-right text-base font-semibold tabular-nums`}>{l.quantity}</td>
            <td className={`${cell} text-xs`}>{l.order_numbers.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One order's packing slip: a page of its own on A4, a receipt on the 80 mm roll. Its money reads down to the total. */
function Slip({ slip, thermal }: { slip: PackingSlip; thermal: boolean }) {
  const cod = slip.cod_amount !== null
  const sum = (label: string, amount: string, strong = false) => (
    <p className={`flex justify-between gap-2 ${strong ? 'font-semibold' : ''}`}>
      <span>{label}</span>
      <span className="tabular-nums">{amount}</span>
    </p>
  )
  return (
    <section
      data-slip
      className={
        thermal
          ? 'w-[80mm] break-after-page px-[3mm] py-[4mm] font-mono text-[11px] leading-snug text-black'
          : 'break-after-page text-sm text-black [&:last-child]:break-after-auto'
      }
    >
      <p className={thermal ? 'text-center font-bold' : 'mb-1 text-sm font-semibold tracking-wide uppercase'}>{slip.shop}</p>
      <div className={thermal ? 'border-b border-dashed border-black pb-1' : 'mb-3 flex items-baseline justify-between border-b-2 border-black pb-2'}>
        <p className={thermal ? 'text-sm font-bold' : 'text-2xl font-bold'}>{slip.order_number}</p>
        <p>{slip.slot}</p>
      </div>
      <div className={thermal ? 'py-1' : 'mb-3'}>
        <p className="font-semibold">{slip.customer}</p>
        <p>{slip.phone}</p>
        <p>{slip.address}</p>
      </div>
      {slip.note && (
        <p className={thermal ? 'mb-1 border border-black p-1' : 'mb-3 border border-black p-2'}>
          <span className="font-semibold">Note from the shopper: </span>
          {slip.note}
        </p>
      )}
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-0.5 pr-1">Item</th>
            <th className="py-0.5 pr-1 text-right">Qty</th>
            {!thermal && <th className="py-0.5 pr-1 text-right">Price</th>}
            <th className="py-0.5 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((l, i) => (
            <tr key={i} className="border-b border-dotted border-black/50 align-top">
              <td className="py-0.5 pr-1">
                {l.product} · {l.pack}
                {!thermal && l.sku && <span className="ml-2 font-mono text-xs">{l.sku}</span>}
                {l.other_delivery && <span className="block text-xs italic">Comes in another delivery: {l.other_delivery}</span>}
              </td>
              <td className="py-0.5 pr-1 text-right font-semibold">{l.quantity}</td>
              {!thermal && <td className="py-0.5 pr-1 text-right tabular-nums">{formatINR(l.price)}</td>}
              <td className="py-0.5 text-right tabular-nums">{formatINR(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={thermal ? 'mt-1 border-t border-dashed border-black pt-1' : 'mt-3 ml-auto max-w-72 text-base'}>
        {sum('Items', formatINR(slip.items_total))}
        {slip.discount > 0 && sum(slip.coupon ? `Coupon ${slip.coupon}` : 'Discount', `− ${formatINR(slip.discount)}`)}
        {sum('Delivery', slip.delivery > 0 ? formatINR(slip.delivery) : 'Free')}
        {slip.round_off !== 0 && sum('Rounded off', `${slip.round_off > 0 ? '+' : '−'} ${formatINR(Math.abs(slip.round_off))}`)}
        <div className="mt-0.5 border-t border-black pt-0.5">{sum('Total', formatINR(slip.total), true)}</div>
        <p className={cod ? 'mt-1 border-2 border-black p-1 text-center font-bold' : 'mt-1'}>
          {cod ? `Collect cash: ${formatINR(slip.cod_amount!)}` : `Paid · ${METHOD_LABELS[slip.payment_method] ?? slip.payment_method}`}
        </p>
      </div>
    </section>
  )
}
