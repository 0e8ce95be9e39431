import { useState } from 'react'
import type { User } from '../../../common/contracts/accounts'
import { mobileRule } from '../../../common/rules/mobile'
import { parseUsername } from '../../../common/rules/username'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { useForm } from '../../ui/use-form'
import { useRegister } from './api'
import { fieldErrors } from '../../lib/field-errors'
import { FormAlert } from '../../ui/form-alert'

/** Step 3 for someone new: name, email and phone (spec §5 rules); the verified one is filled in and fixed. */
export function RegisterForm({ verified, onRegistered }: { verified: string; onRegistered: (user: User) => void }) {
  const register = useRegister()
  const [alert, setAlert] = useState<string | null>(null)
  const known = parseUsername(verified)
  const form = useForm({
    initialValues: { name: '', email: known?.kind === 'email' ? known.value : '', phone: known?.kind === 'mobile' ? known.value : '' },
    rules: {
      name: { label: 'Full name', required: true },
      email: { label: 'Email', required: known?.kind === 'email', type: 'email', readonly: known?.kind === 'email' },
      phone: { ...mobileRule, label: 'Mobile number', required: true, readonly: known?.kind === 'mobile' },
    },
    onSubmit: async (values) => {
      setAlert(null)
      try {
        const { user } = await register.mutateAsync({ name: values.name.trim(), email: values.email.trim(), phone: values.phone.trim() })
        onRegistered(user)
      } catch (err) {
        const fields = fieldErrors(err)
        if (Object.keys(fields).length) form.setErrors(fields)
        else setAlert(errorText(err))
      }
    },
  })
  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <TextField {...form.field('name')} autoComplete="name" />
      <TextField
        {...form.field('email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        hint={known?.kind === 'email' ? undefined : 'Optional: for receipts and offers'}
      />
      <TextField {...form.field('phone')} type="tel" autoComplete="tel-national" inputMode="numeric" maxLength={10} />
      <FormAlert message={alert} />
      <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
        Create account
      </Button>
    </form>
  )
}
