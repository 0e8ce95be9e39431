import { useState } from 'react'
import { requiredMessage } from '../../../common/rules/form-field'
import { parseUsername, USERNAME_MESSAGE } from '../../../common/rules/username'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { useForm } from '../../ui/use-form'
import { useLogin } from './api'
import { fieldErrors } from '../../lib/field-errors'
import { FormAlert } from '../../ui/form-alert'
import { codeSent } from './pending-sign-in'

const LABEL = 'Mobile number or email'

/** Step 1: a mobile number (spec §5: 10 digits, 6-9 first) or an email gets a 6-digit code. */
export function LoginForm({ onSent, submitText = 'Send code' }: { onSent: () => void; submitText?: string }) {
  const login = useLogin()
  const [alert, setAlert] = useState<string | null>(null)
  // most shoppers type a mobile number: the phone's number pad, unless they ask for email or type a letter (issue 31)
  const [byEmail, setByEmail] = useState(false)
  const form = useForm({
    initialValues: { username: '' },
    rules: {
      username: {
        label: LABEL,
        required: true,
        validator: (v) => (!String(v ?? '').trim() ? requiredMessage(LABEL) : parseUsername(String(v)) ? null : USERNAME_MESSAGE),
      },
    },
    onSubmit: async ({ username }) => {
      setAlert(null)
      try {
        await login.mutateAsync(username.trim())
        codeSent(username.trim())
        onSent()
      } catch (err) {
        const fields = fieldErrors(err)
        if (fields.username) form.setErrors({ username: fields.username })
        else setAlert(errorText(err))
      }
    },
  })
  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <TextField
        {...form.field('username')}
        type="text"
        inputMode={byEmail || /[^\d\s+-]/.test(String(form.field('username').value ?? '')) ? 'email' : 'tel'}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="98765 43210 or you@example.in"
        hint="We'll send you a 6-digit code. No password needed."
      />
      <button type="button" className="-mt-2 text-sm font-medium text-primary hover:underline" onClick={() => setByEmail((on) => !on)}>
        {byEmail ? 'Use mobile number' : 'Use email instead'}
      </button>
      <FormAlert message={alert} />
      <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
        {submitText}
      </Button>
    </form>
  )
}
