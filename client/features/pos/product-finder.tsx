import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { listProducts, type Product } from '../../../common/contracts/catalogue'
import { useApi } from '../../lib/api-context'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { Image } from '../../ui/image'
import { rupees } from './cart-maths'
import { looksLikeCode, searchKept } from './catalogue'

/** Finding a product at the counter: search (the server's when online, the kept catalogue offline) and tap. */
export function ProductFinder({
  searchRef,
  kept,
  stock,
  online,
  onPick,
  onCode,
  onCamera,
}: {
  onCamera: () => void
  /** an exact barcode or SKU typed or pasted, then Enter: true when it named a pack (added) */
  onCode: (code: string) => Promise<boolean>
  searchRef: React.RefObject<HTMLInputElement | null>
  kept: Product[]
  /** free to sell at the register's warehouse, by pack id; null: not known (offline) */
  stock: Map<number, number> | null
  online: boolean
  onPick: (p: Product) => void
}) {
  const api = useApi()
  const [q, setQ] = useState('')
  const [debounced, setDebounced] = useState('')
  // The counter opens ready to search (a scanner works from anywhere anyway).
  useEffect(() => searchRef.current?.focus(), [searchRef])
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 200)
    return () => clearTimeout(t)
  }, [q])
  const remote = useQuery({
    queryKey: ['pos', 'search', debounced],
    queryFn: () => api.call(listProducts, { query: { q: debounced, perPage: 24 } }),
    enabled: online && debounced.length > 0,
    retry: false,
    staleTime: 30_000,
  })
  const local = useMemo(() => (debounced ? searchKept(kept, debounced) : kept.slice(0, 24)), [kept, debounced])
  // A product taken from the results clears the search, ready for the next one.
  const clear = () => {
    setQ('')
    setDebounced('')
  }
  const choose = (p: Product) => {
    onPick(p)
    clear()
  }
  const useRemote = online && debounced.length > 0 && !remote.isError
  const results = useRemote ? (remote.data?.data ?? []) : local
  const loading = useRemote && remote.isFetching && !remote.data
  return (
    <>
      <div className="flex gap-2">
        <label htmlFor="pos-search" className="sr-only">
          Search products
        </label>
        <input
          ref={searchRef}
          id="pos-search"
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            const typed = q.trim()
            // a barcode or SKU typed by hand finds its pack as a scan does; else the first product found
            if (looksLikeCode(typed)) {
              e.preventDefault()
              void onCode(typed).then((found) => {
                if (found) clear()
                else if (results.length > 0) choose(results[0])
              })
            } else if (results.length > 0) choose(results[0])
          }}
          placeholder="Search products or scan a barcode (F2)"
          className="h-14 min-w-0 flex-1 rounded-lg border border-border bg-surface px-4 text-lg shadow-sm focus:border-primary focus:outline-none"
        />
        <Button variant="outline" size="lg" className="h-14" onClick={onCamera}>
          Camera
        </Button>
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {loading
          ? 'Searching…'
          : debounced
            ? `${results.length} ${results.length === 1 ? 'product' : 'products'} for “${debounced}”${online ? '' : ' (kept catalogue, offline)'}`
            : kept.length > 0
              ? 'Products A–Z: tap to add, or search'
              : online
                ? 'Loading the catalogue…'
                : 'Offline, and no catalogue kept on this counter yet'}
      </p>
      {debounced && !loading && results.length === 0 && (
        <p className="rounded-lg bg-surface p-6 text-center text-muted">
          {looksLikeCode(debounced)
            ? 'No product name matches: press Enter to add the pack with this barcode or SKU.'
            : 'No product matches. Try another word.'}
        </p>
      )}
      <ul aria-label="Products" className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
        {results.map((p) => {
          const prices = p.packs.map((k) => k.price)
          const low = Math.min(...prices)
          const units = stock ? p.packs.reduce((n, k) => n + Math.max(0, stock.get(k.pack_id) ?? 0), 0) : null
          return (
            <li key={p.product_id}>
              <button
                type="button"
                onClick={() => choose(p)}
                data-product-name={p.product_name}
                className={cn(
                  'flex h-full min-h-24 w-full gap-3 rounded-lg border border-border bg-surface p-2 text-left hover:border-primary focus-visible:border-primary',
                  units === 0 && 'bg-background',
                )}
              >
                {online ? (
                  <Image
                    src={p.medias[0]?.src ?? p.image}
                    size="small"
                    width={56}
                    height={56}
                    className="size-14 shrink-0 rounded-md bg-white object-contain"
                  />
                ) : (
                  // offline an image not seen yet would only fail to load
                  <span aria-hidden="true" className="size-14 shrink-0 rounded-md bg-background" />
                )}
                <span className="flex min-w-0 flex-1 flex-col items-start gap-0.5">
                  <span className="line-clamp-2 font-medium">{p.product_name}</span>
                  <span className="text-xs text-muted">
                    {p.brand_name} · {p.packs.length === 1 ? p.packs[0].pack_name : `${p.packs.length} packs`}
                  </span>
                  <span className="mt-auto flex w-full flex-wrap items-baseline justify-between gap-x-2">
                    <span className="font-semibold tabular-nums">
                      {p.packs.length > 1 ? 'from ' : ''}
                      {rupees(Math.round(low * 100))}
                    </span>
                    {units !== null && (
                      <span data-testid="tile-stock" className={cn('text-xs tabular-nums', units === 0 ? 'font-semibold text-danger' : 'text-muted')}>
                        {units === 0 ? 'Out of stock' : `${units} in stock`}
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}
