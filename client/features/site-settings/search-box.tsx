import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import type { Suggestions } from '../../../common/contracts/search'
import { formatINR, toPaise } from '../../../common/money'
import { later } from '../../lib/api'
import { useApi } from '../../lib/api-context'
import { cn } from '../../lib/cn'
import * as paths from '../../lib/paths'
import { useLocation, useNavigate } from '../../lib/router'
import { SearchIcon } from '../../ui/icons'
import { Image } from '../../ui/image'

const getSuggestions = later(() => import('../../../common/contracts/search').then((m) => m.getSuggestions))

interface Option {
  key: string
  href: string
  kind: 'product' | 'category' | 'brand'
  label: string
  image?: string
  price?: number
  /** offered because nothing matched (issue 31): read as 'Did you mean …' */
  nearest?: boolean
}

function optionsOf(s: Suggestions | undefined): Option[] {
  if (!s) return []
  return [
    ...s.products.map((p) => ({ key: `p:${p.slug}`, href: paths.product(p.slug), kind: 'product' as const, label: p.name, image: p.image, price: p.price })),
    ...s.categories.map((c) => ({ key: `c:${c.slug}`, href: paths.products(`c=${c.slug}`), kind: 'category' as const, label: c.name })),
    ...s.brands.map((b) => ({ key: `b:${b.slug}`, href: paths.products(`b=${b.slug}`), kind: 'brand' as const, label: b.name })),
    ...(s.did_you_mean ?? []).map((t) => ({
      key: `n:${t.kind}:${t.slug}`,
      href: paths.products(`${t.kind === 'category' ? 'c' : 'b'}=${t.slug}`),
      kind: t.kind,
      label: t.name,
      nearest: true,
    })),
  ]
}

const KIND_LABEL = { product: '', category: 'Category', brand: 'Brand' }
/** Spec §2's combobox text when nothing matches (the same as ui/combobox's, not imported: that one is the staff's). */
const NO_MATCH_TEXT = 'No matching data'

/**
 * Spec §2: placeholder 'Search'; submit goes to /products?q={trimmed text}. A plain GET form, so Enter works before
 * the page's script has arrived (the server trims what the browser sends then, server/web/search-url.ts).
 * While typing, a combobox lists suggestions (products with image and price, categories, brands; issue 15):
 * arrows move, Enter opens the active one (or searches), Escape closes; 'No matching data' when nothing matches.
 */
export function SearchBox({ className, width }: { className?: string; width?: number }) {
  const navigate = useNavigate()
  const location = useLocation()
  const api = useApi()
  // The header renders a box per layout (phone and wide screen): each needs its own ids.
  const id = useId()
  const listId = `${id}-suggestions`
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  const [text, setText] = useState(current)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => setText(current), [current])
  useEffect(() => () => clearTimeout(blurTimer.current), [])

  const q = text.trim()
  const suggestions = useQuery({
    queryKey: ['search', 'suggest', q.toLowerCase()],
    queryFn: () => api.call(getSuggestions, { query: { q } }),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
  const options = q ? optionsOf(suggestions.data) : []
  const settled = suggestions.data !== undefined && !suggestions.isPlaceholderData
  const showList = open && q.length > 0 && (options.length > 0 || settled)
  const matched = options.some((o) => !o.nearest)

  function go(href: string) {
    setOpen(false)
    setActive(-1)
    navigate(href)
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const option = showList ? options[active] : undefined
    if (option) return go(option.href)
    // The field, not the state: text typed before hydration is in the field only.
    const typed = String(new FormData(e.currentTarget).get('q') ?? '').trim()
    go(typed ? `/products?q=${encodeURIComponent(typed)}` : '/products')
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1
    if (e.key === 'ArrowDown') {
      setOpen(true)
      setActive((i) => (i >= last ? 0 : i + 1))
    } else if (e.key === 'ArrowUp') setActive((i) => (i <= 0 ? last : i - 1))
    else if (e.key === 'Escape' && open) {
      setOpen(false)
      setActive(-1)
    } else return
    e.preventDefault()
  }

  return (
    <form
      role="search"
      action="/products"
      method="get"
      onSubmit={submit}
      className={cn('relative', className)}
      style={width ? { width: `${width}%` } : undefined}
    >
      <label className="sr-only" htmlFor={id}>
        Search products
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && options[active] ? `${id}-opt-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150)
        }}
        onKeyDown={onKeyDown}
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-lg border border-border bg-background pr-3 pl-9 text-sm outline-none focus:border-primary focus:bg-surface"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        className="absolute top-full right-0 z-50 mt-1 max-h-[70vh] w-[max(100%,min(28rem,calc(100vw-1.5rem)))] overflow-y-auto rounded-lg border border-border bg-surface py-1 text-sm shadow-lg"
      >
        {showList && !matched && (
          <li role="option" tabIndex={-1} aria-selected={false} aria-disabled="true" className="px-3 py-2 text-muted">
            {NO_MATCH_TEXT}
          </li>
        )}
        {showList &&
          options.map((o, i) => (
            <li
              key={o.key}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              data-kind={o.kind}
              onMouseDown={(e) => e.preventDefault()}
              tabIndex={-1}
              onClick={() => go(o.href)}
              onKeyDown={(e) => e.key === 'Enter' && go(o.href)}
              onMouseEnter={() => setActive(i)}
              className={cn('flex cursor-pointer items-center gap-3 px-3 py-2', i === active && 'bg-background')}
            >
              {o.kind === 'product' ? (
                <Image src={o.image} size="thumb" loading="eager" width={36} height={36} className="size-9 shrink-0 rounded object-contain" />
              ) : (
                <span className="flex size-9 shrink-0 items-center justify-center text-muted">
                  <SearchIcon className="size-4" />
                </span>
              )}
              <span className="line-clamp-2 min-w-0 flex-1 leading-snug">
                {o.nearest && <span className="text-muted">Did you mean </span>}
                {o.label}
                {o.nearest && <span className="sr-only">?</span>}
              </span>
              {o.kind === 'product' && o.price !== undefined ? (
                <span className="shrink-0 font-semibold tabular-nums">{formatINR(toPaise(o.price))}</span>
              ) : (
                <span className="shrink-0 text-xs text-muted">{KIND_LABEL[o.kind]}</span>
              )}
            </li>
          ))}
      </ul>
    </form>
  )
}
