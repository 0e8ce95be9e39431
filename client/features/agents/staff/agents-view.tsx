import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { AdminCategory } from '../../../../common/contracts/admin-catalogue'
import { type CommissionRules, getCommissionRules, listAgents, saveCommissionRules } from '../../../../common/contracts/agents'
import { useApi } from '../../../lib/api-context'
import { errorText } from '../../../lib/error-text'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { toast } from '../../../ui/toast'

const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n)
const cell = 'px-3 py-2 text-right tabular-nums'

/**
 * Administration › Sales agents (docs/decisions/0034): agents side by side, and the website's commission rules per
 * category (catalogue's categories, given by the route).
 */
export function AgentsView({ categories }: { categories: AdminCategory[] }) {
  const api = useApi()
  const agents = useQuery({ queryKey: ['admin', 'agents'], queryFn: () => api.call(listAgents) })
  return (
    <div className="space-y-4">
      <PageHeader title="Sales agents" description="Orders agents placed for their customers, the revenue and the commission they earn on delivery." />
      <Card title="Agents side by side">
        {agents.isError ? (
          <p className="text-sm text-danger">{errorText(agents.error)}</p>
        ) : !agents.data ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : agents.data.data.length === 0 ? (
          <p className="text-sm text-muted">No sales agents yet: give the role in Staff.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-muted">
                <tr>
                  <th className="px-3 py-2 text-left font-medium">Agent</th>
                  <th className={cell}>Customers</th>
                  <th className={cell}>Orders</th>
                  <th className={cell}>Revenue</th>
                  <th className={cell}>Delivered</th>
                  <th className={cell}>Commission earned</th>
                  <th className={cell}>Pending</th>
                </tr>
              </thead>
              <tbody>
                {agents.data.data.map((a) => (
                  <tr key={a.id} className="border-t border-border">
                    <td className="px-3 py-2">
                      {a.name} <span className="text-muted">{a.phone}</span>
                    </td>
                    <td className={cell}>{a.customers}</td>
                    <td className={cell}>{a.orders}</td>
                    <td className={cell}>{rupees(a.revenue)}</td>
                    <td className={cell}>{rupees(a.delivered)}</td>
                    <td className={cell}>{rupees(a.commission_earned)}</td>
                    <td className={cell}>{rupees(a.commission_pending)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <RulesCard categories={categories} />
    </div>
  )
}

function RulesCard({ categories }: { categories: AdminCategory[] }) {
  const api = useApi()
  const qc = useQueryClient()
  const rules = useQuery({ queryKey: ['admin', 'commission-rules'], queryFn: () => api.call(getCommissionRules) })
  const [draft, setDraft] = useState<CommissionRules | null>(null)
  useEffect(() => {
    if (rules.data) setDraft(rules.data)
  }, [rules.data])
  const save = useMutation({
    mutationFn: (r: CommissionRules) =>
      api.call(saveCommissionRules, {
        body: { default_percent: r.default_percent, categories: r.categories.map((c) => ({ category_id: c.category_id, percent: c.percent })) },
      }),
    onSuccess: (saved) => {
      qc.setQueryData(['admin', 'commission-rules'], saved)
      void qc.invalidateQueries({ queryKey: ['admin', 'agents'] })
      toast.success('Commission rules saved')
    },
    onError: (err) => toast.fromError(err),
  })
  if (!draft) return <Card title="Commission rules">{rules.isError ? errorText(rules.error) : 'Loading…'}</Card>
  const unused = categories.filter((c) => !draft.categories.some((r) => r.category_id === c.id))
  return (
    <Card
      title="Commission rules"
      description="A percentage of each delivered order's value; a category's own rate wins over the default. A refund takes its share back."
    >
      <form
        className="space-y-3 text-sm"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate(draft)
        }}
      >
        <label className="flex items-center gap-2">
          <span className="w-40">Default</span>
          <input
            type="number"
            min={0}
            max={100}
            step={0.01}
            className="h-9 w-24 rounded-md border border-border px-2"
            value={draft.default_percent}
            onChange={(e) => setDraft({ ...draft, default_percent: Number(e.target.value) })}
            aria-label="Default commission percent"
          />
          %
        </label>
        {draft.categories.map((r) => (
          <div key={r.category_id} className="flex items-center gap-2">
            <span className="w-40 truncate">{r.name || categories.find((c) => c.id === r.category_id)?.name}</span>
            <input
              type="number"
              min={0}
              max={100}
              step={0.01}
              className="h-9 w-24 rounded-md border border-border px-2"
              value={r.percent}
              aria-label={`${r.name} commission percent`}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  categories: draft.categories.map((x) => (x.category_id === r.category_id ? { ...x, percent: Number(e.target.value) } : x)),
                })
              }
            />
            %
            <Button
              type="button"
              variant="link"
              size="sm"
              onClick={() => setDraft({ ...draft, categories: draft.categories.filter((x) => x.category_id !== r.category_id) })}
            >
              Remove
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-2">
          <select
            className="h-9 rounded-md border border-border px-2"
            aria-label="Add a category rate"
            value=""
            onChange={(e) => {
              const c = unused.find((x) => x.id === Number(e.target.value))
              if (c) setDraft({ ...draft, categories: [...draft.categories, { category_id: c.id, name: c.name, percent: draft.default_percent }] })
            }}
          >
            <option value="">Add a category rate…</option>
            {unused.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={save.isPending}>
            Save rules
          </Button>
        </div>
      </form>
    </Card>
  )
}
