import { type FormEvent, useEffect, useRef, useState } from 'react'
import { STAFF_STOCK_REASONS, STOCK_REASON_LABELS, type StaffStockReason, type StockRow } from '../../../../common/contracts/admin-stock'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { toast } from '../../../ui/toast'
import { useAdjustStock, useSetStock } from './api'

type Mode = 'set' | 'add' | 'remove'
const MODES: { value: Mode; label: string; reason: StaffStockReason }[] = [
  { value: 'set', label: 'Set to', reason: 'count_correction' },
  { value: 'add', label: 'Add', reason: 'received' },
  { value: 'remove', label: 'Remove', reason: 'damaged' },
]
/** Nothing on hand or held at this warehouse: a new pack (or one never stocked here). */
const isNewHere = (row: StockRow) => row.on_hand === 0 && row.reserved === 0

const control = 'h-9 rounded-md border border-border bg-surface px-2 text-sm'

/**
 * Sets on hand (a count) or adds / removes some (a delivery, a breakage), always with a reason, in the row itself.
 * Enter saves, Escape cancels; a refusal (below what orders hold) shows under the fields.
 */
export function StockEditor({ row, onDone }: { row: StockRow; onDone: () => void }) {
  const [mode, setMode] = useState<Mode>('set')
  const [amount, setAmount] = useState(String(row.on_hand))
  // A pack with nothing here yet (a new pack): its first count is goods received, not a correction.
  const [reason, setReason] = useState<StaffStockReason>(isNewHere(row) ? 'received' : 'count_correction')
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const setStock = useSetStock()
  const adjust = useAdjustStock()
  const input = useRef<HTMLInputElement>(null)
  const busy = setStock.isPending || adjust.isPending
  useEffect(() => input.current?.select(), [])

  const changeMode = (next: Mode) => {
    setMode(next)
    setReason(next === 'set' && isNewHere(row) ? 'received' : MODES.find((m) => m.value === next)!.reason)
    setAmount(next === 'set' ? String(row.on_hand) : '')
    setError(null)
    input.current?.focus()
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(amount)
    if (amount.trim() === '' || !Number.isInteger(n) || n < 0) return setError('Enter a whole number of units, 0 or more')
    if (mode !== 'set' && n === 0) return setError('Enter how many units')
    setError(null)
    const where = { pack_id: row.pack_id, warehouse_id: row.warehouse_id, reason, note: note.trim() || null }
    const done = {
      onSuccess: (level: { on_hand: number }) => {
        toast.success(`${row.product_name} (${row.pack_name}): ${level.on_hand} on hand at ${row.warehouse_name}`)
        onDone()
      },
      onError: (err: unknown) => setError(Object.values(fieldErrors(err))[0] ?? errorText(err)),
    }
    if (mode === 'set') setStock.mutate({ ...where, quantity: n }, done)
    else adjust.mutate({ ...where, change: mode === 'add' ? n : -n }, done)
  }

  const label = `${row.product_name} ${row.pack_name} at ${row.warehouse_name}`
  return (
    <form
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onDone())}
      className="grid w-56 grid-cols-[auto_1fr] gap-1.5"
      aria-label={`Change stock of ${label}`}
    >
      <select aria-label="How" className={control} value={mode} onChange={(e) => changeMode(e.target.value as Mode)}>
        {MODES.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      <input
        ref={input}
        aria-label={mode === 'set' ? 'On hand' : 'Units'}
        inputMode="numeric"
        className={`${control} min-w-0 text-right`}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <select aria-label="Reason" className={`${control} col-span-2`} value={reason} onChange={(e) => setReason(e.target.value as StaffStockReason)}>
        {STAFF_STOCK_REASONS.map((r) => (
          <option key={r} value={r}>
            {STOCK_REASON_LABELS[r]}
          </option>
        ))}
      </select>
      <input
        aria-label="Note"
        placeholder="Note (optional)"
        maxLength={200}
        className={`${control} col-span-2`}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {error && (
        <p role="alert" className="col-span-2 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="col-span-2 flex justify-end gap-1.5">
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={busy}>
          Save
        </Button>
      </div>
    </form>
  )
}
