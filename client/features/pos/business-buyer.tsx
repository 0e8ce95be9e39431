import { useState } from 'react'
import { gstinProblem } from '../../../common/rules/gstin'
import { cn } from '../../lib/cn'

/** A business buying at the counter (issue 34): its GSTIN and legal name go on the tax invoice (B2B). */
export interface CounterBuyer {
  gstin: string
  name: string
}

export const NO_BUYER: CounterBuyer = { gstin: '', name: '' }

/** The sale's part for a B2B sale; nothing when both fields are blank. */
export const buyerBody = (b: CounterBuyer) => (b.gstin.trim() || b.name.trim() ? { buyer_gstin: b.gstin.trim().toUpperCase(), buyer_name: b.name.trim() } : {})

/** What the counter can tell before paying (the server checks the same and answers per field). */
export function buyerProblems(b: CounterBuyer): { buyer_gstin?: string; buyer_name?: string } {
  if (!b.gstin.trim() && !b.name.trim()) return {}
  const gstin = b.gstin.trim() ? gstinProblem(b.gstin.trim().toUpperCase()) : 'Enter the business’s GSTIN, or leave the name blank'
  const name = b.name.trim().length >= 2 ? null : 'Enter the business’s legal name as registered for GST'
  return { ...(gstin ? { buyer_gstin: gstin } : {}), ...(name ? { buyer_name: name } : {}) }
}

/**
 * "Business buyer": folded away so the ordinary sale stays one scan and Pay; opened (or open because it has a value)
 * it asks for the GSTIN and the legal name. Messages show once a field was left, or as the server gave them.
 */
export function BusinessBuyer({
  value,
  onChange,
  errors,
}: {
  value: CounterBuyer
  onChange: (v: CounterBuyer) => void
  errors: { buyer_gstin?: string; buyer_name?: string }
}) {
  const [open, setOpen] = useState(false)
  const [left, setLeft] = useState({ gstin: false, name: false })
  const own = buyerProblems(value)
  const shown = open || Boolean(value.gstin || value.name)
  const gstinError = errors.buyer_gstin ?? (left.gstin ? own.buyer_gstin : undefined)
  const nameError = errors.buyer_name ?? (left.name ? own.buyer_name : undefined)
  const input = (bad: unknown) => cn('h-11 rounded-md border px-2', bad ? 'border-danger' : 'border-border')
  if (!shown)
    return (
      <button type="button" className="self-start text-sm font-semibold text-primary underline" onClick={() => setOpen(true)}>
        + Business buyer (GSTIN)
      </button>
    )
  return (
    <fieldset className="flex flex-col gap-1 rounded-md border border-border p-2">
      <legend className="px-1 text-sm font-semibold">Business buyer (B2B invoice)</legend>
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-sm">
          GSTIN
          <input
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={15}
            value={value.gstin}
            onChange={(e) => onChange({ ...value, gstin: e.target.value.toUpperCase() })}
            onBlur={() => setLeft((l) => ({ ...l, gstin: true }))}
            aria-invalid={gstinError ? true : undefined}
            className={cn(input(gstinError), 'uppercase')}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Legal name
          <input
            autoComplete="off"
            maxLength={120}
            value={value.name}
            onChange={(e) => onChange({ ...value, name: e.target.value })}
            onBlur={() => setLeft((l) => ({ ...l, name: true }))}
            aria-invalid={nameError ? true : undefined}
            className={input(nameError)}
          />
        </label>
      </div>
      {(gstinError || nameError) && (
        <p role="alert" className="text-sm text-danger">
          {gstinError ?? nameError}
        </p>
      )}
      <button
        type="button"
        className="self-start text-xs text-muted underline"
        onClick={() => {
          onChange(NO_BUYER)
          setLeft({ gstin: false, name: false })
          setOpen(false)
        }}
      >
        Not a business sale
      </button>
    </fieldset>
  )
}
