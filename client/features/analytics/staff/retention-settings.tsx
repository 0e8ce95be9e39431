import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getRetention, saveRetention } from '../../../../common/contracts/admin-analytics'
import { useApi } from '../../../lib/api-context'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Card } from '../../../staff/ui/card'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { toast } from '../../../ui/toast'

/** How many days the product keeps the analytics events and browser errors it stores itself (decision 0037). */
export function RetentionSettingsCard() {
  const api = useApi()
  const qc = useQueryClient()
  const current = useQuery({ queryKey: ['admin', 'analytics-retention'], queryFn: () => api.call(getRetention) })
  const [form, setForm] = useState({ events_days: '', errors_days: '' })
  useEffect(() => {
    if (current.data) setForm({ events_days: String(current.data.events_days), errors_days: String(current.data.errors_days) })
  }, [current.data])
  const save = useMutation({
    mutationFn: () => api.call(saveRetention, { body: { events_days: Number(form.events_days), errors_days: Number(form.errors_days) } }),
    onSuccess: (saved) => {
      qc.setQueryData(['admin', 'analytics-retention'], saved)
      toast.success('Retention saved')
    },
  })
  const errors = save.error ? fieldErrors(save.error) : {}
  return (
    <Card title="Data kept" description="Page views, searches and browser errors kept here are deleted once they are older than this (checked every hour).">
      {current.isError ? (
        <p role="alert">{errorText(current.error)}</p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate()
          }}
        >
          <TextField
            label="Analytics events (days)"
            type="number"
            min={1}
            max={3650}
            required
            value={form.events_days}
            onChange={(e) => setForm({ ...form, events_days: e.target.value })}
            error={errors.events_days}
          />
          <TextField
            label="Browser errors (days)"
            type="number"
            min={1}
            max={3650}
            required
            value={form.errors_days}
            onChange={(e) => setForm({ ...form, errors_days: e.target.value })}
            error={errors.errors_days}
          />
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </form>
      )}
      {save.error && !errors.events_days && !errors.errors_days && <p role="alert">{errorText(save.error)}</p>}
    </Card>
  )
}
