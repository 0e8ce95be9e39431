import { type FormEvent, useEffect, useState } from 'react'
import { useLocation, useNavigate } from '../../lib/router'
import { SearchIcon } from '../../ui/icons'
import { cn } from '../../lib/cn'

/** Spec §2: placeholder 'Search'; submit goes to /products?q={trimmed text}. */
export function SearchBox({ className, width }: { className?: string; width?: number }) {
  const navigate = useNavigate()
  const location = useLocation()
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  const [text, setText] = useState(current)
  useEffect(() => setText(current), [current])

  function submit(e: FormEvent) {
    e.preventDefault()
    const q = text.trim()
    navigate(q ? `/products?q=${encodeURIComponent(q)}` : '/products')
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)} style={width ? { width: `${width}%` } : undefined}>
      <label className="sr-only" htmlFor="site-search">Search products</label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
      <input
        id="site-search"
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
