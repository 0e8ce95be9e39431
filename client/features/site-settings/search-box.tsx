import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLocation, useNavigate } from '../../lib/router'
import { SearchIcon } from '../../ui/icons'
import { cn } from '../../lib/cn'

/**
 * Spec §2: placeholder 'Search'; submit goes to /products?q={trimmed text}. A plain GET form, so Enter works before
 * the page's script has arrived (the server trims what the browser sends then, server/web/search-url.ts).
 */
export function SearchBox({ className, width }: { className?: string; width?: number }) {
  const navigate = useNavigate()
  const location = useLocation()
  // The header renders a box per layout (phone and wide screen): each needs its own id for its label.
  const id = useId()
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  const [text, setText] = useState(current)
  useEffect(() => setText(current), [current])

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    // The field, not the state: text typed before hydration is in the field only.
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim()
    navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products')
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
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-lg border border-border bg-background pr-3 pl-9 text-sm outline-none focus:border-primary focus:bg-surface"
      />
    </form>
  )
}
