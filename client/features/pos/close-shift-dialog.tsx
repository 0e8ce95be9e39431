import { type FormEvent, useState } from 'react'
import { closeShift, DENOMINATIONS, type ShiftReport } from '../../../common/contracts/pos-shifts'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { FormAlert } from '../../ui/form-alert'
import { Modal } from '../../ui/modal'
import { countedPaise, DENOMINATION_LABEL, rupees, toPaise } from './cart-maths'

/** Counts typed that are not whole numbers of 0 or more (a minus sign, a fraction), by denomination. */
export function countProblems(counts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(counts)
      .filter(([, v]) => v.trim() !== '' && !/^\d+$/.test(v.trim()))
      .map(([d, v]) => [d, v.trim().startsWith('-') ? 'A count cannot be negative' : 'Count whole notes or coins'] as const),
  )
}

const differenceText = (diff: number) => (diff === 0 ? 'no difference' : `${diff < 0 ? 'short' : 'over'} ${rupees(Math.abs(diff))}`)

/** Closing: the cashier counts notes and coins; expected vs counted and the difference as they type. */
export function CloseShiftDialog({
  shift,
  open,
  waiting,
  onClose,
  onClosed,
  onRefused,
}: {
  shift: ShiftReport
  open: boolean
  /** offline sales not sent yet */
  waiting: number
  onClose: () => void
  onClosed: (r: ShiftReport) => void
  /** the server refused: the shift may have been closed on another device, so the counter asks for it again */
  onRefused: () => void
}) {
  const api = useApi()
  const [counts, setCounts] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  /** the server's 422 per denomination (`counted.500`) */
  const [refused, setRefused] = useState<Record<string, string>>({})
  const wrong = countProblems(counts)
  const fieldError = (d: number) => wrong[d] ?? refused[`counted.${d}`]
  const [busy, setBusy] = useState(false)
  const counted = Object.fromEntries(
    Object.entries(counts)
      .filter(([d]) => !wrong[d])
      .map(([d, v]) => [d, Number.parseInt(v, 10)] as const)
      .filter(([, n]) => Number.isFinite(n) && n > 0),
  )
  const countedTotal = countedPaise(counted)
  const expected = toPaise(shift.expected_cash)
  const diff = countedTotal - expected
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (Object.keys(wrong).length) return setError('Some counts are not whole numbers of 0 or more: fix the marked ones')
    const sure = await confirm({
      title: 'Close this shift?',
      message: `Expected ${rupees(expected)} · counted ${rupees(countedTotal)} · ${differenceText(diff)}. No more sales on this shift once it is closed.`,
      confirmText: 'Close shift',
      cancelText: 'Keep counting',
      danger: true,
    })
    if (!sure) return
    setBusy(true)
    setError(null)
    try {
      onClosed(await api.call(closeShift, { params: { id: shift.shift_id }, body: { counted } }))
    } catch (err) {
      setRefused(fieldErrors(err))
      setError(errorText(err))
      onRefused()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open={open} onClose={onClose} title="Close the shift" width={640}>
      <form onSubmit={submit} aria-label="Close the shift" noValidate className="flex flex-col gap-4">
        <FormAlert message={error} />
        {waiting > 0 && (
          <p role="alert" className="rounded-md bg-accent/25 p-3 text-sm">
            {waiting} offline {waiting === 1 ? 'sale is' : 'sales are'} still waiting to be sent. They will be sent when the network is back; close after they
            are sent so that they count in this shift.
          </p>
        )}
        <p className="text-sm text-muted">Count the drawer: how many of each note and coin.</p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-2">
          {DENOMINATIONS.map((d) => {
            const n = wrong[d] ? 0 : Number.parseInt(counts[d] ?? '', 10) || 0
            const problem = fieldError(d)
            return (
              <div key={d} className="flex flex-col">
                <label className="flex items-center gap-2">
                  <span className="w-24 text-sm font-medium">{DENOMINATION_LABEL(d)}</span>
                  <input
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    aria-label={DENOMINATION_LABEL(d)}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `count-${d}-error` : undefined}
                    value={counts[d] ?? ''}
                    onChange={(e) => {
                      setCounts({ ...counts, [d]: e.target.value })
                      setRefused({})
                    }}
                    className={cn('h-11 w-20 rounded-md border bg-surface px-2 text-right text-base', problem ? 'border-danger' : 'border-border')}
                  />
                  <span className="ml-auto text-sm tabular-nums text-muted">{rupees(n * d * 100)}</span>
                </label>
                {problem && (
                  <p id={`count-${d}-error`} className="text-sm text-danger">
                    {problem}
                  </p>
                )}
              </div>
            )
          })}
        </div>
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-background p-3 text-center tabular-nums">
          <div>
            <dt className="text-sm text-muted">Expected</dt>
            <dd className="text-lg font-semibold">{rupees(expected)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Counted</dt>
            <dd className="text-lg font-semibold" data-testid="counted-total">
              {rupees(countedTotal)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Difference</dt>
            <dd className={cn('text-lg font-semibold', diff < 0 ? 'text-danger' : diff > 0 ? 'text-danger' : 'text-success')}>
              {diff === 0 ? 'None' : `${diff < 0 ? 'Short ' : 'Over '}${rupees(Math.abs(diff))}`}
            </dd>
          </div>
        </dl>
        <Button type="submit" size="lg" variant="danger" loading={busy}>
          Close shift
        </Button>
      </form>
    </Modal>
  )
}
