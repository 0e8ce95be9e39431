import { useState } from 'react'
import type { NavItemNode } from '../../../common/contracts/site-settings'
import { Drawer } from '../../ui/drawer'
import { ChevronDownIcon } from '../../ui/icons'
import { cn } from '../../lib/cn'
import { NavLink } from './sub-navbar'

interface MobileMenuProps {
  open: boolean
  onClose: () => void
  items: NavItemNode[]
  siteName: string
  /** the item whose value is /categories opens the category filter drawer instead */
  onOpenCategories: () => void
}

/** Spec §2: the mobile menu is a left drawer; items with children expand and collapse. */
export function MobileMenu({ open, onClose, items, siteName, onOpenCategories }: MobileMenuProps) {
  return (
    <Drawer open={open} onClose={onClose} title={siteName} side="left" width={320}>
      <nav aria-label="Menu">
        <ul className="-mx-4 divide-y divide-border">
          {items.map((item) => (
            <MenuItem key={`${item.name}-${item.link}`} item={item} depth={0} onNavigate={onClose} onOpenCategories={onOpenCategories} />
          ))}
        </ul>
      </nav>
    </Drawer>
  )
}

function MenuItem({ item, depth, onNavigate, onOpenCategories }: { item: NavItemNode; depth: number; onNavigate: () => void; onOpenCategories: () => void }) {
  const [expanded, setExpanded] = useState(false)
  const pad = { paddingLeft: 16 + depth * 16 }
  if (item.value === '/categories') {
    return (
      <li>
        <button type="button" onClick={onOpenCategories} className="flex min-h-12 w-full items-center text-left text-sm font-medium" style={pad}>
          {item.name}
        </button>
      </li>
    )
  }
  const hasChildren = item.children.length > 0
  return (
    <li>
      <div className="flex min-h-12 items-center" style={pad}>
        <NavLink item={item} onClick={onNavigate} className="flex min-h-12 flex-1 items-center text-sm font-medium" />
        {hasChildren && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.name}`}
            onClick={() => setExpanded((e) => !e)}
            className="flex size-12 items-center justify-center text-muted"
          >
            <ChevronDownIcon className={cn('transition-transform', expanded && 'rotate-180')} />
          </button>
        )}
      </div>
      {hasChildren && expanded && (
        <ul className="bg-background">
          {item.children.map((child) => (
            <MenuItem key={`${child.name}-${child.link}`} item={child} depth={depth + 1} onNavigate={onNavigate} onOpenCategories={onOpenCategories} />
          ))}
        </ul>
      )}
    </li>
  )
}
