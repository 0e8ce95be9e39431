import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getMonitoring, saveMonitoring } from '../../../../common/contracts/admin-analytics'
import { useApi } from '../../../lib/api-context'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Card } from '../../../staff/ui/card'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { toast } from '../../../ui/toast'

/** The website's Sentry-compatible DSN (spec §9): empty, the product keeps its browser errors (listed above). */
export function MonitoringSettingsCard() {
  const api = useApi()
  const qc = useQueryClient()
  const current = useQuery({ queryKey: ['admin', 'monitoring'], queryFn: () => api.call(getMonitoring) })
  const [dsn, setDsn] = useState('')
  useEffect(() => {
    if (current.data) setDsn(current.data.dsn ?? '')
  }, [current.data])
  const save = useMutation({
    mutationFn: (value: string) => api.call(saveMonitoring, { body: { dsn: value.trim() || null } }),
    onSuccess: (saved) => {
      qc.setQueryData(['admin', 'monitoring'], saved)
      toast.success(saved.dsn ? 'Monitoring DSN saved' : 'Browser errors are kept here again')
    },
  })
  return (
    <Card
      title="Error monitoring"
      description="Your Sentry project’s DSN (Sentry › Project settings › Client Keys): this website’s browser errors, traces and replays go there. Empty, browser errors are kept here."
    >
      {current.isError ? (
        <p role="alert">{errorText(current.error)}</p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(dsn)
          }}
        >
          <TextField
            label="DSN"
            className="flex-1"
            value={dsn}
            placeholder="https://KEY@o123.ingest.sentry.io/PROJECT"
            onChange={(e) => setDsn(e.target.value)}
            error={save.error ? (fieldErrors(save.error).dsn ?? errorText(save.error)) : undefined}
          />
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </form>
      )}
    </Card>
  )
}
