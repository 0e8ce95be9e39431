import { useState } from 'react'
import { useNavigate } from '../../lib/router'
import type { CategoryNode } from '../../../common/contracts/catalogue'
import { CATEGORY_DRAWER_WIDTH } from '../../../common/rules/constants'
import { Button } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { CategoryChecklist } from './category-checklist'
import { slugFromLink, toggleCategory } from './category-tree'

export interface CategoryFilterDrawerProps {
  open: boolean
  onClose: () => void
  categories: CategoryNode[]
  /** Categories ticked when the drawer opens (the current ?c=), as slugs or '/products?c=' links. */
  selected?: string[]
}

/**
 * Spec §2 'Category Filter' (300px): ticks stay local until 'Apply Filters', which goes to
 * /products?c= + the selected links (prefix removed) joined by commas; 'Reset All' goes to /products.
 * Self-contained, so the mobile menu can open it from any page.
 */
export function CategoryFilterDrawer({ open, onClose, categories, selected = [] }: CategoryFilterDrawerProps) {
  const navigate = useNavigate()
  const [ticked, setTicked] = useState<string[]>(() => selected.map(slugFromLink))
  const [wasOpen, setWasOpen] = useState(open)
  // Each opening starts from the current filter, not from ticks left over from last time.
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setTicked(selected.map(slugFromLink))
  }

  const go = (to: string) => {
    navigate(to)
    onClose()
  }
  // Ticks are kept as slugs, i.e. the selected links with the '/products?c=' prefix already removed.
  const apply = () => go(`/products?c=${ticked.join(',')}`)

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Category Filter"
      side="left"
      width={CATEGORY_DRAWER_WIDTH}
      footer={
        <div className="flex gap-3">
          <Button variant="outline" className="flex-1" onClick={() => go('/products')}>
            Reset All
          </Button>
          <Button className="flex-1" onClick={apply}>
            Apply Filters
          </Button>
        </div>
      }
    >
      {categories.length ? (
        <CategoryChecklist
          categories={categories}
          selected={ticked}
          onToggle={(slug) => setTicked((t) => toggleCategory(categories, t, slug))}
          className="-mx-2"
        />
      ) : (
        <p className="text-sm text-muted">No categories yet.</p>
      )}
    </Drawer>
  )
}
