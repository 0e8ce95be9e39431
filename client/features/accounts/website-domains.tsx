import { useState } from 'react'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { toast } from '../../ui/toast'
import { useForm } from '../../ui/use-form'
import { LoadFailed } from '../../ui/load-failed'
import { useChangeWebsiteDomain, useWebsiteDomains } from './api'

const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i

/**
 * A website's own domains (/auth/bos/choose): the addresses it answers on. Its certificate is made when a shopper
 * first opens a new one, once the domain points at this server (docs/decisions/0043-tls-and-shop-domains.md).
 */
export function WebsiteDomains({ websiteId, name }: { websiteId: number; name: string }) {
  const list = useWebsiteDomains(websiteId)
  const change = useChangeWebsiteDomain(websiteId)
  const [alert, setAlert] = useState<string | null>(null)
  const form = useForm({
    initialValues: { origin: '' },
    rules: { origin: { label: 'New domain', required: true, pattern: ORIGIN_PATTERN, patternMessage: 'Enter the address as https://shop.example (no path)' } },
    onSubmit: async ({ origin }) => {
      setAlert(null)
      try {
        await change.mutateAsync({ origin: origin.trim().replace(/\/$/, '') })
        form.reset()
      } catch (err) {
        const fields = fieldErrors(err)
        if (Object.keys(fields).length) form.setErrors(fields)
        else setAlert(errorText(err))
      }
    },
  })
  if (list.isError) return <LoadFailed message={errorText(list.error)} onRetry={() => list.refetch()} />
  if (!list.data) return <p className="text-sm text-muted">Loading domains…</p>
  const { origins } = list.data
  return (
    <section aria-label={`Domains of ${name}`} className="space-y-3">
      <ul className="space-y-1">
        {origins.map((origin) => (
          <li key={origin} className="flex items-center justify-between gap-3 text-sm">
            <span className="truncate">{origin}</span>
            {origins.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${origin}`}
                loading={change.isPending && change.variables?.origin === origin}
                onClick={() => change.mutate({ origin, remove: true }, { onError: (e) => toast.fromError(e) })}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={form.handleSubmit} noValidate className="flex flex-wrap items-end gap-2">
        <TextField
          {...form.field('origin')}
          className="min-w-56 flex-1"
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://shop.example"
          hint="Point the domain at this server first."
        />
        <Button type="submit" variant="outline" loading={form.submitting}>
          Add domain
        </Button>
      </form>
      <FormAlert message={alert} />
    </section>
  )
}
