import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { listProducts } from '../../../../common/contracts/catalogue'
import { useApi } from '../../../lib/api-context'
import { TextField } from '../../../ui/form-field'

const SEARCH_DELAY_MS = 250
const RESULTS = 8

/**
 * Products picked one by one, found by the storefront's own search: each chosen one a chip (in the order the shop
 * shows them) with a remove button. Saved as slugs; a product renamed or removed since shows its slug.
 */
export function ProductPicker({
  value,
  onChange,
  error,
  max,
}: {
  value: string[] | undefined
  onChange: (slugs: string[] | undefined) => void
  error?: string
  max: number
}) {
  const id = useId()
  const api = useApi()
  const chosen = value ?? []
  const [q, setQ] = useState('')
  const [searched, setSearched] = useState('')
  const [names, setNames] = useState<Record<string, string>>({})
  useEffect(() => {
    const t = setTimeout(() => setSearched(q.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(t)
  }, [q])
  const found = useQuery({
    queryKey: ['admin', 'pages', 'product-picker', searched],
    queryFn: () => api.call(listProducts, { query: { q: searched, perPage: RESULTS } }),
    enabled: searched.length > 0,
    retry: false,
    staleTime: 30_000,
  })
  const set = (next: string[]) => onChange(next.length ? next : undefined)
  const results = (found.data?.data ?? []).filter((p) => !chosen.includes(p.slug))
  const full = chosen.length >= max
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={`${id}-note`}>
      <legend className="mb-1.5 text-sm font-medium">Picked products</legend>
      {chosen.length > 0 && (
        <ol className="flex flex-wrap gap-1.5" aria-label="Chosen products">
          {chosen.map((slug) => (
            <li key={slug} className="flex items-center gap-1 rounded-full border border-border bg-background py-0.5 pr-1 pl-2.5 text-sm">
              {names[slug] ?? slug}
              <button
                type="button"
                aria-label={`Remove ${names[slug] ?? slug}`}
                onClick={() => set(chosen.filter((s) => s !== slug))}
                className="flex size-5 items-center justify-center rounded-full text-muted hover:bg-border hover:text-text"
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      <TextField
        label="Find a product"
        type="search"
        value={q}
        disabled={full}
        placeholder={full ? `${max} products are picked` : 'Name or brand'}
        onChange={(e) => setQ(e.target.value)}
      />
      {searched && !full && (
        <ul aria-label="Products found" aria-busy={found.isFetching || undefined} className="flex flex-col rounded-md border border-border">
          {results.map((p) => (
            <li key={p.product_id} className="border-b border-border last:border-b-0">
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-background"
                onClick={() => {
                  setNames((known) => ({ ...known, [p.slug]: p.product_name }))
                  set([...chosen, p.slug])
                }}
              >
                <span className="sr-only">Add </span>
                {p.product_name}
              </button>
            </li>
          ))}
          {found.isSuccess && results.length === 0 && <li className="px-3 py-2 text-sm text-muted">No other product matches “{searched}”</li>}
        </ul>
      )}
      {error ? (
        <p id={`${id}-note`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-note`} className="text-xs text-muted">
          Picked products show in this order, and the categories and brands below are not used. None picked: the categories and brands choose.
        </p>
      )}
    </fieldset>
  )
}
