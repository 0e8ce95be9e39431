import { useState } from 'react'
import type { CategoryNode } from '../../../common/contracts/catalogue'
import { cn } from '../../lib/cn'
import { ChevronDownIcon } from '../../ui/icons'
import { isCategoryChecked, isCategoryIndeterminate } from './category-tree'
import { FilterCheckbox } from './filter-checkbox'

export interface CategoryChecklistProps {
  /** The whole tree: needed to know which parent includes which child. */
  categories: CategoryNode[]
  selected: readonly string[]
  onToggle: (slug: string) => void
  className?: string
}

/** Checkboxes for categories with their subcategories; a parent with children expands and collapses. */
export function CategoryChecklist({ categories, selected, onToggle, className }: CategoryChecklistProps) {
  return (
    <ul className={cn('space-y-0.5', className)}>
      {categories.map((node) => (
        <CategoryItem key={node.slug} node={node} tree={categories} selected={selected} onToggle={onToggle} />
      ))}
    </ul>
  )
}

interface ItemProps {
  node: CategoryNode
  tree: CategoryNode[]
  selected: readonly string[]
  onToggle: (slug: string) => void
}

function CategoryItem({ node, tree, selected, onToggle }: ItemProps) {
  const checked = isCategoryChecked(tree, selected, node.slug)
  const indeterminate = isCategoryIndeterminate(tree, selected, node)
  // Open when something inside is chosen, so a reload shows the shopper where the ticks are.
  const [expanded, setExpanded] = useState(indeterminate)
  const hasChildren = node.children.length > 0
  const listId = `category-children-${node.slug}`

  return (
    <li>
      <div className="check-line">
        <FilterCheckbox label={node.name} checked={checked} indeterminate={indeterminate} onChange={() => onToggle(node.slug)} />
        {hasChildren && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={`${expanded ? 'Hide' : 'Show'} ${node.name} subcategories`}
            onClick={() => setExpanded((e) => !e)}
            className="check-more"
          >
            <ChevronDownIcon />
          </button>
        )}
      </div>
      {hasChildren && expanded && (
        <ul id={listId} className="ml-3 space-y-0.5 border-l border-border pl-2">
          {node.children.map((child) => (
            <CategoryItem key={child.slug} node={child} tree={tree} selected={selected} onToggle={onToggle} />
          ))}
        </ul>
      )}
    </li>
  )
}
