import { useState } from 'react'
import { type ManagedWebsite, THEMES } from '../../../common/contracts/accounts'
import { errorText } from '../../lib/error-text'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { useForm } from '../../ui/use-form'
import { useCreateWebsite } from './api'
import { fieldErrors } from '../../lib/field-errors'
import { FormAlert } from '../../ui/form-alert'

const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i

/** /auth/bos/create: a new website with default settings, an empty catalogue and a home page. */
export function CreateWebsiteForm({ onCreated }: { onCreated: (website: ManagedWebsite) => void }) {
  const create = useCreateWebsite()
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm({
    initialValues: { name: '', origin: '', description: '', theme: 'light', primary_color: '#0c7a2a' },
    rules: {
      name: { label: 'Website name', required: true },
      origin: { label: 'Web address', required: true, pattern: ORIGIN_PATTERN, patternMessage: 'Enter the address as https://shop.example (no path)' },
      description: { label: 'Description' },
      primary_color: { label: 'Brand colour', required: true, pattern: /^#[0-9a-f]{6}$/i, patternMessage: 'Pick a colour like #0c7a2a' },
    },
    onSubmit: async (values) => {
      setAlert(null)
      try {
        const { website } = await create.mutateAsync({
          ...values,
          origin: values.origin.trim().replace(/\/$/, ''),
          theme: values.theme === 'dark' ? 'dark' : 'light',
        })
        onCreated(website)
      } catch (err) {
        const fields = fieldErrors(err)
        if (Object.keys(fields).length) form.setErrors(fields)
        else setAlert(errorText(err))
      }
    },
  })
  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
      <TextField {...form.field('name')} maxLength={80} />
      <TextField
        {...form.field('origin')}
        type="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://shop.example"
        hint="Where shoppers will find it. Point the domain at this server first."
      />
      <TextField {...form.field('description')} maxLength={300} hint="One line for search results and the footer." />
      <fieldset>
        <legend className="text-sm font-medium">Theme</legend>
        <div className="mt-2 flex gap-2">
          {THEMES.map((t) => (
            <label
              key={t}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm capitalize',
                form.values.theme === t ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={t}
                checked={form.values.theme === t}
                onChange={() => form.setValue('theme', t)}
                className="accent-primary"
              />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-end gap-3">
        <TextField {...form.field('primary_color')} className="flex-1" maxLength={7} />
        <input
          type="color"
          aria-label="Pick the brand colour"
          value={/^#[0-9a-f]{6}$/i.test(form.values.primary_color) ? form.values.primary_color : '#0c7a2a'}
          onChange={(e) => form.setValue('primary_color', e.target.value)}
          className="mb-0.5 h-10 w-12 cursor-pointer rounded-md border border-border bg-surface p-1"
        />
      </div>
      <FormAlert message={alert} />
      <Button type="submit" loading={form.submitting}>
        Create website
      </Button>
    </form>
  )
}
