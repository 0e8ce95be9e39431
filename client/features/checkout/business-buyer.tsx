import { useEffect, useState } from 'react'
import { gstinProblem } from '../../../common/rules/gstin'
import { TextField } from '../../ui/form-field'

/** What the shopper typed in "Buying for a business?" (issue 34): sent as buyer_gstin and buyer_name when ticked. */
export interface BusinessBuyerValue {
  on: boolean
  gstin: string
  name: string
  save: boolean
}

export const NO_BUSINESS: BusinessBuyerValue = { on: false, gstin: '', name: '', save: true }

/** The checkout body's part for a B2B sale; nothing when the box is not ticked. */
export function businessBody(v: BusinessBuyerValue) {
  if (!v.on) return {}
  return { buyer_gstin: v.gstin.trim().toUpperCase(), buyer_name: v.name.trim(), save_buyer: v.save }
}

/** The problems the page can tell before placing (the server checks the same, and answers per field). */
export function businessProblems(v: BusinessBuyerValue): { buyer_gstin?: string; buyer_name?: string } {
  if (!v.on) return {}
  const gstin = v.gstin.trim() ? gstinProblem(v.gstin) : 'Enter the business’s GSTIN'
  const name = v.name.trim().length >= 2 ? null : 'Enter the business’s legal name as registered for GST'
  return { ...(gstin ? { buyer_gstin: gstin } : {}), ...(name ? { buyer_name: name } : {}) }
}

/**
 * "Buying for a business?": a GSTIN and legal name put on the tax invoice (a B2B invoice the buyer can claim input
 * tax credit on). The GSTIN saved last time fills the fields; the server's per-field messages show under them.
 */
export function BusinessBuyer({
  value,
  onChange,
  saved,
  errors,
}: {
  value: BusinessBuyerValue
  onChange: (v: BusinessBuyerValue) => void
  saved: { gstin: string | null; name: string | null } | undefined
  errors: { buyer_gstin?: string; buyer_name?: string }
}) {
  const [touched, setTouched] = useState({ gstin: false, name: false })
  // the saved GSTIN ticks the box once, as it was last time
  const [filled, setFilled] = useState(false)
  useEffect(() => {
    if (filled || !saved?.gstin) return
    setFilled(true)
    onChange({ on: true, gstin: saved.gstin, name: saved.name ?? '', save: true })
  }, [saved, filled, onChange])
  const own = businessProblems(value)
  const set = (patch: Partial<BusinessBuyerValue>) => onChange({ ...value, ...patch })
  return (
    <div className="space-y-3">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 accent-primary" checked={value.on} onChange={(e) => set({ on: e.target.checked })} />
        <span>
          <span className="block font-semibold">Buying for a business?</span>
          <span className="block text-muted">Add your GSTIN to get a tax invoice in your business’s name (for input tax credit).</span>
        </span>
      </label>
      {value.on && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="GSTIN"
            required
            value={value.gstin}
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="29ABCDE1234F1Z5"
            onChange={(e) => set({ gstin: e.target.value.toUpperCase() })}
            onBlur={() => setTouched((t) => ({ ...t, gstin: true }))}
            error={errors.buyer_gstin ?? (touched.gstin ? own.buyer_gstin : undefined)}
          />
          <TextField
            label="Legal name of the business"
            required
            value={value.name}
            maxLength={120}
            placeholder="As registered for GST"
            onChange={(e) => set({ name: e.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            error={errors.buyer_name ?? (touched.name ? own.buyer_name : undefined)}
          />
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="accent-primary" checked={value.save} onChange={(e) => set({ save: e.target.checked })} />
            Save this GSTIN for my next order
          </label>
        </div>
      )}
    </div>
  )
}
