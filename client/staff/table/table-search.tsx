import { useEffect, useId, useRef, useState } from 'react'
import { SearchIcon, XIcon } from '../../ui/icons'
import { useLatest } from '../../ui/use-latest'

export const SEARCH_DEBOUNCE_MS = 300

/**
 * The table's search box: the server searches, so typing waits SEARCH_DEBOUNCE_MS after the last key before it
 * asks (Enter asks at once). Follows the address when it changes from elsewhere (Back, a cleared filter).
 */
export function TableSearch({ value, onSearch, label, placeholder }: { value: string; onSearch: (q: string) => void; label: string; placeholder?: string }) {
  const id = useId()
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const search = useLatest(onSearch)
  useEffect(() => {
    sent.current = value
    setText(value)
  }, [value])
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return
    const timer = window.setTimeout(() => {
      sent.current = text
      search.current(text.trim())
    }, SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text, search])
  const submit = () => {
    sent.current = text
    onSearch(text.trim())
  }
  return (
    <form
      role="search"
      className="relative w-full sm:w-64"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? label}
        autoComplete="off"
        className="h-10 w-full rounded-md border border-border bg-surface pr-9 pl-9 text-sm outline-none placeholder:text-muted focus:border-primary [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear the search"
          onClick={() => {
            setText('')
            sent.current = ''
            onSearch('')
          }}
          className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted hover:text-text"
        >
          <XIcon className="size-4" />
        </button>
      )}
    </form>
  )
}
