import { useState } from 'react'
import { MESSAGE_STATUSES } from '../../../../common/contracts/messages'
import { MESSAGE_TEMPLATE_NAMES, MESSAGE_TEMPLATES, type MessageTemplateName } from '../../../../common/rules/message-templates'
import { errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { Spinner } from '../../../ui/spinner'
import { PageHeader } from '../../../staff/ui/page-header'
import { type LogQuery, useMessageLog } from './api'

/** a number as the log shows it: enough to tell two apart, not enough to copy */
const masked = (mobile: string) => (mobile.length === 10 ? `${mobile.slice(0, 2)}xxxxxx${mobile.slice(-2)}` : mobile)
const CHANNEL: Record<string, string> = { whatsapp: 'WhatsApp', sms: 'SMS', none: 'Not sent' }
const STATUS: Record<string, string> = {
  accepted: 'Accepted',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  opted_out: 'Opted out',
  limited: 'Over the limit',
}
const label = (template: string) => MESSAGE_TEMPLATES[template as MessageTemplateName]?.label ?? template
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' })

function Select({ name, value, options, onChange }: { name: string; value: string; options: [string, string][]; onChange: (v: string) => void }) {
  return (
    <label className="flex flex-col gap-1.5 text-sm">
      <span className="font-medium">{name}</span>
      <select className="h-10 rounded-md border border-border bg-surface px-3" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Administration → Message log: what went to shoppers' phones, on which channel, whether it arrived, and its cost. */
export function MessageLogView() {
  const [filters, setFilters] = useState<Omit<LogQuery, 'before'>>({})
  const [pages, setPages] = useState<number[]>([])
  const [mobile, setMobile] = useState('')
  const query = { ...filters, before: pages.at(-1) }
  const log = useMessageLog(query)
  const filter = (change: Partial<LogQuery>) => {
    setPages([])
    setFilters((f) => ({ ...f, ...change }))
  }
  const rows = log.data?.data ?? []
  const units = rows.reduce((sum, r) => sum + r.cost_units, 0)
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title="Message log"
        description="Sign-in codes, order updates and khata messages sent to customers’ phones: to whom, which message, on which channel, whether it arrived and its cost in units (1 a WhatsApp message, 1 an SMS part). The text is never kept."
      />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          filter({ mobile: /^[6-9]\d{9}$/.test(mobile.trim()) ? mobile.trim() : undefined })
        }}
      >
        <TextField
          label="Mobile number"
          inputMode="numeric"
          placeholder="10 digits"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          className="w-40"
        />
        <Select
          name="Message"
          value={filters.template ?? ''}
          options={MESSAGE_TEMPLATE_NAMES.map((n) => [n, MESSAGE_TEMPLATES[n].label])}
          onChange={(v) => filter({ template: (v || undefined) as LogQuery['template'] })}
        />
        <Select
          name="Channel"
          value={filters.channel ?? ''}
          options={Object.entries(CHANNEL)}
          onChange={(v) => filter({ channel: (v || undefined) as LogQuery['channel'] })}
        />
        <Select
          name="Status"
          value={filters.status ?? ''}
          options={MESSAGE_STATUSES.map((s) => [s, STATUS[s]])}
          onChange={(v) => filter({ status: (v || undefined) as LogQuery['status'] })}
        />
        <Button type="submit" variant="outline">
          Find
        </Button>
      </form>
      {log.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading the message log" className="size-6 text-primary" />
        </div>
      ) : log.isError ? (
        <p className="text-danger">The message log could not be loaded: {errorText(log.error)}</p>
      ) : rows.length === 0 ? (
        <p className="text-muted">No messages{Object.values(filters).some(Boolean) ? ' match these filters' : ' yet'}.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full text-sm" aria-label="Messages sent">
            <thead className="bg-background text-left text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">To</th>
                <th className="px-3 py-2 font-medium">Message</th>
                <th className="hidden px-3 py-2 font-medium sm:table-cell">Channel</th>
                <th className="px-3 py-2 font-medium">Status</th>
                <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">Cost units</th>
                <th className="hidden px-3 py-2 font-medium sm:table-cell">Sent</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2 font-mono">{masked(r.to)}</td>
                  <td className="px-3 py-2">
                    {label(r.template)}
                    {r.provider_template && <span className="block text-xs text-muted">{r.provider_template}</span>}
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    {CHANNEL[r.channel] ?? r.channel}
                    {r.fallback_of !== null && <span className="block text-xs text-muted">after WhatsApp failed</span>}
                  </td>
                  <td className="px-3 py-2">
                    <span className={r.status === 'failed' ? 'text-danger' : r.status === 'read' || r.status === 'delivered' ? 'text-success' : ''}>
                      {STATUS[r.status] ?? r.status}
                    </span>
                    {r.error_code && <span className="block text-xs text-muted">error {r.error_code}</span>}
                    {/* on a phone the channel, cost and time columns are hidden: they show under the status */}
                    <span className="block text-xs text-muted sm:hidden">
                      {CHANNEL[r.channel] ?? r.channel}
                      {r.fallback_of !== null ? ', after WhatsApp failed' : ''} · {r.cost_units} unit{r.cost_units === 1 ? '' : 's'}
                    </span>
                    <time dateTime={r.created_at} className="block text-xs text-muted sm:hidden">
                      {when(r.created_at)}
                    </time>
                  </td>
                  <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{r.cost_units}</td>
                  <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">
                    <time dateTime={r.created_at}>{when(r.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex items-center gap-3 text-sm">
        <span className="text-muted">
          {rows.length} message{rows.length === 1 ? '' : 's'} on this page, {units} unit{units === 1 ? '' : 's'}
        </span>
        {pages.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => setPages((p) => p.slice(0, -1))}>
            Newer
          </Button>
        )}
        {rows.length === 100 && (
          <Button variant="outline" size="sm" onClick={() => setPages((p) => [...p, rows[rows.length - 1].id])}>
            Older
          </Button>
        )}
      </div>
    </div>
  )
}
