import { useEffect, useId, useRef, useState } from 'react'
import { OTP_LENGTH, RESEND_SECONDS, type VerifyResult } from '../../../common/contracts/accounts'
import { maskUsername, parseUsername } from '../../../common/rules/username'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { useLogin, useVerify } from './api'
import { FormAlert } from '../../ui/form-alert'
import { codeSent, secondsUntilResend } from './pending-sign-in'

/** Step 2: the 6-digit code (filled in by the phone's keyboard suggestion where it can), and a resend with a countdown. */
export function VerifyForm({ username, onVerified }: { username: string; onVerified: (result: VerifyResult) => void }) {
  const verify = useVerify()
  const login = useLogin()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [wait, setWait] = useState(secondsUntilResend)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const parsed = parseUsername(username)

  useEffect(() => {
    if (wait <= 0) return
    const timer = window.setTimeout(() => setWait(secondsUntilResend()), 1000)
    return () => window.clearTimeout(timer)
  }, [wait])

  async function submit(value = code) {
    if (verify.isPending) return
    // a wrong code's message stays until the shopper types again (it was replaced by this one, issue 31)
    if (value.length === 0 && error) return input.current?.focus()
    if (value.length !== OTP_LENGTH) return setError(`Enter the ${OTP_LENGTH}-digit code`)
    setError(null)
    try {
      onVerified(await verify.mutateAsync({ username, otp: value }))
    } catch (err) {
      setError(errorText(err))
      setCode('')
      input.current?.focus()
    }
  }

  async function resend() {
    setError(null)
    setNotice(null)
    try {
      await login.mutateAsync(username)
      codeSent(username)
      setWait(RESEND_SECONDS)
      setNotice('A new code is on its way.')
      input.current?.focus()
    } catch (err) {
      setError(errorText(err))
    }
  }

  return (
    <form onSubmit={(e) => (e.preventDefault(), submit())} noValidate className="space-y-4">
      <p className="text-sm text-muted">
        We sent a code to <strong className="font-medium text-text">{parsed ? maskUsername(parsed) : username}</strong>.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-code`} className="text-sm font-medium">
          6-digit code
        </label>
        <input
          ref={input}
          id={`${id}-code`}
          name="otp"
          value={code}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to type on this screen (spec §5)
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH)
            setCode(digits)
            if (digits.length === OTP_LENGTH) void submit(digits)
          }}
          className="h-14 w-full rounded-md border border-border bg-surface px-3 text-center text-2xl font-semibold tracking-[0.5em] outline-none focus:border-primary aria-invalid:border-danger"
        />
      </div>
      <FormAlert id={`${id}-error`} message={error} />
      {notice && !error && (
        <p role="status" className="text-sm text-success">
          {notice}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
        Verify
      </Button>
      <div className="text-center text-sm">
        {wait > 0 ? (
          <p className="text-muted" aria-live="polite">
            Resend code in {wait}s
          </p>
        ) : (
          <Button variant="link" onClick={resend} loading={login.isPending}>
            Resend code
          </Button>
        )}
      </div>
    </form>
  )
}
