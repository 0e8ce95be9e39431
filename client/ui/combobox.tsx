import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { cn } from '../lib/cn'
import { COMBOBOX_FOCUS_DELAY_MS } from '../../common/rules/constants'
import { Popper } from './popper'
import { ChevronDownIcon } from './icons'

export interface ComboboxOption {
  value: string
  label: string
}

export interface ComboboxProps {
  options: ComboboxOption[]
  value: string | null
  onChange: (value: string) => void
  placeholder?: string
  searchPlaceholder?: string
  /** Accessible name when no visible <label htmlFor={id}> exists. */
  'aria-label'?: string
  id?: string
  disabled?: boolean
  className?: string
}

export const NO_MATCH_TEXT = 'No matching data'

/** Searchable select: a trigger button opening a search box (role combobox) over a listbox. */
export function Combobox({
  options,
  value,
  onChange,
  placeholder = 'Select…',
  searchPlaceholder = 'Search…',
  id,
  disabled,
  className,
  ...aria
}: ComboboxProps) {
  const autoId = useId()
  const baseId = id ?? autoId
  const listId = `${baseId}-listbox`
  const triggerRef = useRef<HTMLButtonElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)

  const selected = options.find((o) => o.value === value)
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase()
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options
  }, [options, query])

  useEffect(() => {
    if (!open) return
    const t = setTimeout(() => searchRef.current?.focus(), COMBOBOX_FOCUS_DELAY_MS)
    return () => clearTimeout(t)
  }, [open])

  useEffect(() => {
    if (open) document.getElementById(`${baseId}-opt-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active, baseId])

  function openList() {
    if (disabled) return
    setQuery('')
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    )
    setOpen(true)
  }

  function close(returnFocus: boolean) {
    setOpen(false)
    if (returnFocus) triggerRef.current?.focus()
  }

  function pick(option: ComboboxOption | undefined) {
    if (!option) return
    onChange(option.value)
    close(true)
  }

  function onSearchKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1
    if (e.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1))
    else if (e.key === 'ArrowUp') setActive((i) => (i <= 0 ? Math.max(last, 0) : i - 1))
    else if (e.key === 'Home') setActive(0)
    else if (e.key === 'End') setActive(Math.max(last, 0))
    else if (e.key === 'Enter') pick(matches[active])
    else if (e.key === 'Escape') close(true)
    else if (e.key === 'Tab') return close(false)
    else return
    e.preventDefault()
    e.stopPropagation()
  }

  return (
    <>
      <button
        ref={triggerRef}
        id={baseId}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={aria['aria-label']}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault()
            openList()
          }
        }}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 text-left text-sm disabled:opacity-60',
          className,
        )}
      >
        <span className={cn('truncate', !selected && 'text-muted')}>{selected ? selected.label : placeholder}</span>
        <ChevronDownIcon className="size-4 shrink-0 text-muted" />
      </button>
      <Popper anchorRef={triggerRef} open={open} onClose={() => close(false)} disabled={disabled} matchAnchorWidth className="p-1">
        <input
          ref={searchRef}
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches[active] ? `${baseId}-opt-${active}` : undefined}
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={query}
          autoComplete="off"
          onKeyDown={onSearchKeyDown}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
          }}
          className="mb-1 h-9 w-full rounded border border-border bg-surface px-2 text-sm outline-none focus:border-primary"
        />
        <ul id={listId} role="listbox" aria-label={aria['aria-label']} className="max-h-60 overflow-y-auto">
          {matches.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the APG listbox: focus stays in the search box, which handles the keys
            // biome-ignore lint/a11y/useFocusableInteractive: same
            <li
              key={o.value}
              id={`${baseId}-opt-${i}`}
              role="option"
              aria-selected={o.value === value}
              data-active={i === active || undefined}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(o)}
              className={cn('cursor-pointer rounded px-2 py-1.5 text-sm', i === active && 'bg-background', o.value === value && 'font-semibold text-primary')}
            >
              {o.label}
            </li>
          ))}
        </ul>
        {matches.length === 0 && (
          <p role="status" className="px-2 py-1.5 text-sm text-muted">
            {NO_MATCH_TEXT}
          </p>
        )}
      </Popper>
    </>
  )
}
