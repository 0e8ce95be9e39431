import { type FormEvent, useState } from 'react'
import { checkPincodeInput, digitsOnly } from '../../../common/rules/pincode'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { useCheckPincode } from './api'

/** Spec §2/§4/§5: 'Change Location'; too short → message and no call; success reloads the page; failure shows the server's text. */
export function PincodeDialog({ open, onClose, current }: { open: boolean; onClose: () => void; current: string | null }) {
  const [value, setValue] = useState(current ?? '')
  const [error, setError] = useState<string | null>(null)
  const check = useCheckPincode()

  function submit(e: FormEvent) {
    e.preventDefault()
    const invalid = checkPincodeInput(value)
    setError(invalid)
    if (invalid) return
    check.mutate(value, {
      onSuccess: () => window.location.reload(),
      onError: (err) => setError(errorText(err)),
    })
  }

  return (
    <Modal open={open} onClose={onClose} title="Change Location" description="Enter your pincode to check delivery time and availability.">
      <form onSubmit={submit} noValidate className="space-y-3">
        <label htmlFor="pincode-input" className="sr-only">
          Pincode
        </label>
        <input
          id="pincode-input"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoComplete="postal-code"
          value={value}
          onChange={(e) => setValue(digitsOnly(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pincode-error' : undefined}
          placeholder="e.g. 560001"
          className="h-12 w-full rounded-lg border border-border bg-surface px-3 text-lg tracking-widest outline-none focus:border-primary aria-invalid:border-danger"
        />
        {error && (
          <p id="pincode-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" loading={check.isPending} className="w-full" size="lg">
          Submit
        </Button>
      </form>
    </Modal>
  )
}
