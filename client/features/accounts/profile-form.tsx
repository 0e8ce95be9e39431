import { useState } from 'react'
import type { Profile } from '../../../common/contracts/accounts'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { toast } from '../../ui/toast'
import { useForm } from '../../ui/use-form'
import { useUpdateProfile } from './api'
import { fieldErrors } from '../../lib/field-errors'
import { FormAlert } from '../../ui/form-alert'

/** /account/details: name and email; the mobile number is how you sign in, so it is shown, not edited. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const update = useUpdateProfile()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm({
    initialValues: { name: profile.name, email: profile.email ?? '', phone: profile.phone ?? '' },
    rules: {
      name: { label: 'Full name', required: true },
      email: { label: 'Email', type: 'email', required: !profile.phone_verified },
      phone: { label: 'Mobile number', readonly: true },
    },
    onSubmit: async ({ name, email }) => {
      setAlert(null)
      try {
        await update.mutateAsync({ name: name.trim(), email: email.trim() })
        toast.success('Your details are saved')
        onSaved()
      } catch (err) {
        const fields = fieldErrors(err)
        if (Object.keys(fields).length) form.setErrors(fields)
        else setAlert(errorText(err))
      }
    },
  })
  return (
    <form onSubmit={form.handleSubmit} noValidate className="max-w-lg space-y-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
      <TextField {...form.field('name')} autoComplete="name" />
      <TextField
        {...form.field('email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        hint={profile.email && !profile.email_verified ? 'Not verified, so you sign in with your mobile number.' : undefined}
      />
      <TextField {...form.field('phone')} hint="You sign in with this number. To use another one, create an account with it." />
      <FormAlert message={alert} />
      <Button type="submit" loading={form.submitting}>
        Save changes
      </Button>
    </form>
  )
}
