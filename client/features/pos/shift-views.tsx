import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { listRegisters } from '../../../common/contracts/pos-registers'
import { moveCash, openShift, type ShiftReport } from '../../../common/contracts/pos-shifts'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { Modal } from '../../ui/modal'
import { parseRupees, rupees, toPaise, toRupees } from './cart-maths'

/**
 * No shift on the register: the cashier counts the float and opens one. When the website has more than one register
 * (or a warehouse with none yet), the cashier first chooses where this counter sells from; the device remembers it.
 */
export function OpenShiftForm({
  register,
  onChoose,
  onOpened,
}: {
  register: { id: number; name: string; warehouse_id: number }
  onChoose: (registerId: number) => void
  onOpened: () => void
}) {
  const api = useApi()
  const [cash, setCash] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const places = useQuery({ queryKey: ['pos', 'registers'], queryFn: () => api.call(listRegisters), retry: false })
  /** a register (`r:id`) or a warehouse that has none yet (`w:id`) */
  const [where, setWhere] = useState(`r:${register.id}`)
  const options = [
    ...(places.data?.registers ?? []).map((r) => ({
      key: `r:${r.id}`,
      name: r.name,
      detail: `Sells from ${r.warehouse}${r.open_by ? ` · shift open (${r.open_by})` : ''}`,
    })),
    ...(places.data?.warehouses ?? []).map((w) => ({ key: `w:${w.id}`, name: `New counter at ${w.name}`, detail: `Sells from ${w.name}` })),
  ]
  const pick = (key: string) => {
    setWhere(key)
    // a register with a shift open: the counter opens on it at once
    if (key.startsWith('r:')) onChoose(Number(key.slice(2)))
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const paise = parseRupees(cash || '0')
    if (paise === null) return setError('Please enter the cash in the drawer, in rupees')
    setBusy(true)
    setError(null)
    try {
      const id = Number(where.slice(2))
      const target = where.startsWith('w:') ? { warehouse_id: id } : { register_id: id }
      await api.call(openShift, { body: { opening_cash: toRupees(paise), ...target } })
      if (where.startsWith('w:')) {
        const made = (await api.call(listRegisters)).registers.find((r) => r.warehouse_id === id)
        if (made) onChoose(made.id)
      } else onChoose(id)
      onOpened()
    } catch (err) {
      setError(fieldErrors(err).opening_cash ?? errorText(err))
    } finally {
      setBusy(false)
    }
  }
  const chosen = options.find((o) => o.key === where)
  return (
    <form
      onSubmit={submit}
      aria-label="Open a shift"
      className="mx-auto mt-10 flex max-w-md flex-col gap-4 rounded-xl border border-border bg-surface p-6 shadow-sm"
    >
      <h1 className="text-2xl font-semibold">Open a shift</h1>
      {options.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Register</legend>
          {options.map((o) => (
            <label
              key={o.key}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                where === o.key ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input type="radio" name="pos-register" value={o.key} checked={where === o.key} onChange={() => pick(o.key)} className="size-5" />
              <span className="flex flex-col">
                <span className="font-medium">{o.name}</span>
                <span className="text-sm text-muted">{o.detail}</span>
              </span>
            </label>
          ))}
          <p className="text-sm text-muted">This device remembers the register.</p>
        </fieldset>
      ) : null}
      <p className="text-muted">{chosen?.name ?? register.name}: count the cash in the drawer before the first sale.</p>
      <TextField
        label="Opening cash (₹)"
        inputMode="decimal"
        autoFocus
        value={cash}
        onChange={(e) => setCash(e.target.value)}
        error={error ?? undefined}
        className="[&_input]:h-12 [&_input]:text-lg"
      />
      <Button type="submit" size="lg" loading={busy}>
        Open shift
      </Button>
    </form>
  )
}

/** Cash put into or taken out of the drawer, with a reason. */
export function CashMoveDialog({
  shiftId,
  open,
  onClose,
  onDone,
  onRefused,
}: {
  shiftId: number
  open: boolean
  onClose: () => void
  onDone: (r: ShiftReport) => void
  /** the server refused: the shift may have changed on another device, so the counter asks for it again */
  onRefused: () => void
}) {
  const api = useApi()
  const [kind, setKind] = useState<'in' | 'out'>('in')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const paise = parseRupees(amount)
    if (!paise) return setErrors({ amount: 'Please enter an amount more than zero' })
    setBusy(true)
    setErrors({})
    try {
      const report = await api.call(moveCash, { params: { id: shiftId }, body: { kind, amount: toRupees(paise), reason } })
      setAmount('')
      setReason('')
      onDone(report)
    } catch (err) {
      const f = fieldErrors(err)
      setErrors(Object.keys(f).length ? f : { form: errorText(err) })
      onRefused()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open={open} onClose={onClose} title="Cash in or out">
      <form onSubmit={submit} aria-label="Cash in or out" className="flex flex-col gap-4">
        <FormAlert message={errors.form ?? null} />
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-1 text-sm font-medium">What</legend>
          {(['in', 'out'] as const).map((k) => (
            <label
              key={k}
              className={cn(
                'flex h-12 cursor-pointer items-center justify-center rounded-md border text-base',
                kind === k ? 'border-primary bg-primary/10 font-semibold' : 'border-border',
              )}
            >
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="sr-only" />
              {k === 'in' ? 'Cash in' : 'Cash out'}
            </label>
          ))}
        </fieldset>
        <TextField label="Amount (₹)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          placeholder="e.g. change from the bank, paid the milk supplier"
        />
        <Button type="submit" size="lg" loading={busy}>
          Save
        </Button>
      </form>
    </Modal>
  )
}

const METHODS = [
  ['cash', 'Cash'],
  ['upi', 'UPI'],
  ['card', 'Card'],
] as const

/** The shift report: sales by payment method, refunds, discounts, cash movements, and the drawer. */
export function ShiftReportView({ report }: { report: ShiftReport }) {
  const money = (r: number) => rupees(toPaise(r))
  const time = (s: string) => new Date(s).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section aria-label="Shift report" className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {report.register} · {report.cashier} · opened {time(report.opened_at)}
        {report.closed_at && ` · closed ${time(report.closed_at)}`}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <table className="w-full text-sm tabular-nums">
          <caption className="mb-1 text-left font-semibold">Sales by payment method ({report.sales_count})</caption>
          <tbody>
            {METHODS.map(([m, label]) => (
              <tr key={m} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  {label}
                </th>
                <td className="py-1.5 text-right">{money(report.sales[m])}</td>
              </tr>
            ))}
            <tr className="font-semibold">
              <th scope="row" className="py-1.5 text-left">
                Total
              </th>
              <td className="py-1.5 text-right">{money(report.sales_total)}</td>
            </tr>
          </tbody>
        </table>
        <table className="w-full text-sm tabular-nums">
          <caption className="mb-1 text-left font-semibold">
            Refunds ({report.returns_count} {report.returns_count === 1 ? 'return' : 'returns'})
          </caption>
          <tbody>
            {METHODS.map(([m, label]) => (
              <tr key={m} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  {label}
                </th>
                <td className="py-1.5 text-right">{money(report.refunds[m])}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-1.5 text-left font-normal">
                Discounts given
              </th>
              <td className="py-1.5 text-right">{money(report.discounts)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold">Cash movements</h3>
        {report.cash_moves.length === 0 ? (
          <p className="text-sm text-muted">No cash put in or taken out.</p>
        ) : (
          <ul className="text-sm">
            {report.cash_moves.map((m) => (
              <li key={`${m.at}-${m.reason}`} className="flex justify-between border-b border-border py-1.5">
                <span>
                  {m.kind === 'in' ? 'Cash in' : 'Cash out'}: {m.reason} <span className="text-muted">({time(m.at)})</span>
                </span>
                <span className="tabular-nums">
                  {m.kind === 'in' ? '+' : '−'}
                  {money(m.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-background p-3 text-sm tabular-nums sm:grid-cols-4">
        <div>
          <dt className="text-muted">Opening cash</dt>
          <dd className="font-semibold">{money(report.opening_cash)}</dd>
        </div>
        <div>
          <dt className="text-muted">Expected in drawer</dt>
          <dd className="font-semibold">{money(report.expected_cash)}</dd>
        </div>
        <div>
          <dt className="text-muted">Counted</dt>
          <dd className="font-semibold">{report.counted_cash === null ? '—' : money(report.counted_cash)}</dd>
        </div>
        <div>
          <dt className="text-muted">Difference</dt>
          <dd className={cn('font-semibold', (report.difference ?? 0) < 0 && 'text-danger')}>
            {report.difference === null
              ? '—'
              : report.difference === 0
                ? 'None'
                : `${report.difference < 0 ? 'Short' : 'Over'} ${money(Math.abs(report.difference))}`}
          </dd>
        </div>
      </dl>
    </section>
  )
}
