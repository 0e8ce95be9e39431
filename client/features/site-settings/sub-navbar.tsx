import { useState } from 'react'
import { Link } from '../../lib/router'
import type { NavItemNode } from '../../../common/contracts/site-settings'
import { cn } from '../../lib/cn'
import { ChevronDownIcon, ChevronRightIcon } from '../../ui/icons'

/** Desktop menu bar with dropdowns of nested children; hidden on small screens (spec §2). */
export function SubNavbar({ items, height, alignment }: { items: NavItemNode[]; height: number; alignment: string }) {
  return (
    <nav aria-label="Main" className="hidden border-t border-border bg-surface md:block">
      <ul
        className={cn('mx-auto flex max-w-7xl items-stretch gap-1 px-4', alignment === 'center' && 'justify-center', alignment === 'right' && 'justify-end')}
        style={{ height }}
      >
        {items.map((item) => (
          <TopItem key={`${item.name}-${item.link}`} item={item} />
        ))}
      </ul>
    </nav>
  )
}

function TopItem({ item }: { item: NavItemNode }) {
  const [open, setOpen] = useState(false)
  const hasChildren = item.children.length > 0
  return (
    <li
      className="relative flex items-center"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <NavLink item={item} className="flex h-full items-center gap-1 rounded px-3 text-sm font-medium hover:text-primary" />
      {hasChildren && (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-label={`${item.name} menu`}
            onClick={() => setOpen((o) => !o)}
            className="-ml-2 rounded p-1 text-muted hover:text-primary"
          >
            <ChevronDownIcon />
          </button>
          {open && <Dropdown items={item.children} className="top-full left-0" />}
        </>
      )}
    </li>
  )
}

function Dropdown({ items, className }: { items: NavItemNode[]; className?: string }) {
  return (
    <ul className={cn('absolute z-40 min-w-56 rounded-lg border border-border bg-surface py-1 shadow-lg', className)}>
      {items.map((child) => (
        <DropdownItem key={`${child.name}-${child.link}`} item={child} />
      ))}
    </ul>
  )
}

function DropdownItem({ item }: { item: NavItemNode }) {
  const [open, setOpen] = useState(false)
  return (
    <li
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <NavLink item={item} className="flex items-center justify-between gap-4 px-4 py-2 text-sm hover:bg-background hover:text-primary">
        {item.children.length > 0 && <ChevronRightIcon className="text-muted" />}
      </NavLink>
      {open && item.children.length > 0 && <Dropdown items={item.children} className="top-0 left-full" />}
    </li>
  )
}

/** Internal links navigate without reload; external ones open in a new tab. */
export function NavLink({ item, className, children, onClick }: { item: NavItemNode; className?: string; children?: React.ReactNode; onClick?: () => void }) {
  const label = (
    <>
      <span>{item.name}</span>
      {children}
    </>
  )
  if (/^\/(?![/\\])/.test(item.link))
    return (
      <Link to={item.link} className={className} onClick={onClick}>
        {label}
      </Link>
    )
  if (/^https?:\/\//.test(item.link))
    return (
      <a href={item.link} target="_blank" rel="noopener noreferrer" className={className}>
        {label}
      </a>
    )
  return <span className={className}>{label}</span>
}
