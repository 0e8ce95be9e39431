import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  type UniqueIdentifier,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import type { AdminCategory } from '../../../../common/contracts/admin-catalogue'
import { cn } from '../../../lib/cn'
import { errorText } from '../../../lib/error-text'
import { useApi } from '../../../lib/api-context'
import { Button } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { Image } from '../../../ui/image'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { PageHeader } from '../../../staff/ui/page-header'
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, GripIcon, IndentIcon, OutdentIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { adminCategoriesQuery, useAdminCategories, useDeleteCategory, useMoveCategory } from './api'
import { CategoryDrawer, type CategoryEditing } from './category-form'
import {
  applyMove,
  type CategoryNode,
  type CategoryPlace,
  categoryTree,
  type DropSide,
  dropTarget,
  type KeyboardMove,
  keyboardTarget,
  placeOf,
} from './category-tree'

const iconButton =
  'flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-background hover:text-text disabled:pointer-events-none disabled:opacity-30'

/** Where the moved category now is, in words ('3rd in Staples', 'at the top level, 1st'). */
export function describePlace(categories: AdminCategory[], place: CategoryPlace): string {
  const nth = (n: number) =>
    `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`
  const parent = place.parent_id === null ? null : categories.find((c) => c.id === place.parent_id)
  return parent ? `${nth(place.position + 1)} in ${parent.name}` : `${nth(place.position + 1)} at the top level`
}

interface DropHint {
  overId: number
  side: DropSide
}

/** Which part of the row the pointer is over: its top quarter, bottom quarter or the rest. */
function sideOf(event: DragMoveEvent | DragEndEvent): DropSide | null {
  const { over, active, activatorEvent, delta } = event
  if (!over) return null
  const start = activatorEvent && 'clientY' in activatorEvent ? (activatorEvent as PointerEvent).clientY : null
  const dragged = active.rect.current.translated
  const y = start !== null ? start + delta.y : dragged ? dragged.top + dragged.height / 2 : null
  if (y === null) return null
  const at = (y - over.rect.top) / over.rect.height
  return at < 0.25 ? 'before' : at > 0.75 ? 'after' : 'inside'
}

/**
 * The category tree of the website: expand and collapse, reorder and re-parent by drag and drop or by the move
 * buttons (each move is saved at once, with undo), add, edit (name, slug, avatar) and delete.
 */
export function CategoryTreeView() {
  const api = useApi()
  const qc = useQueryClient()
  const list = useAdminCategories()
  const move = useMoveCategory()
  const remove = useDeleteCategory()
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set())
  const [editing, setEditing] = useState<CategoryEditing | null>(null)
  const [dragging, setDragging] = useState<number | null>(null)
  const [hint, setHint] = useState<DropHint | null>(null)
  const tree = useRef<HTMLDivElement>(null)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const categories = list.data?.data ?? []
  const key = adminCategoriesQuery(api).queryKey

  const focusAfterMove = (id: number, action?: string) =>
    requestAnimationFrame(() => {
      const own = tree.current?.querySelector<HTMLButtonElement>(`[data-category="${id}"][data-action="${action}"]:not(:disabled)`)
      ;(own ?? tree.current?.querySelector<HTMLButtonElement>(`[data-category="${id}"][data-action]:not(:disabled)`))?.focus()
    })

  /** Saves a move (shown at once, put back if the server refuses it) and offers to undo it; the toast is what a screen reader hears. */
  function runMove(id: number, place: CategoryPlace, { action, undo = false }: { action?: string; undo?: boolean } = {}) {
    const before = qc.getQueryData(key)
    const all = before?.data ?? categories
    const self = all.find((c) => c.id === id)
    const from = placeOf(all, id)
    if (!self || !from) return
    if (place.parent_id !== null) setCollapsed((s) => (s.has(place.parent_id!) ? new Set([...s].filter((x) => x !== place.parent_id)) : s))
    const after = applyMove(all, id, place)
    qc.setQueryData(key, { data: after })
    focusAfterMove(id, action)
    const where = describePlace(after, place)
    move.mutate(
      { id, ...place },
      {
        onSuccess: () => {
          const message = undo ? `Move undone: ${self.name} is ${where} again` : `${self.name} moved: now ${where}`
          toast.success(message, undo ? {} : { duration: 8000, action: { label: 'Undo', onClick: () => runMove(id, from, { undo: true }) } })
        },
        onError: (err) => {
          if (before) qc.setQueryData(key, before)
          toast.error(`${self.name} was not moved: ${errorText(err)}`)
        },
      },
    )
  }

  const moveByKey = (id: number, how: KeyboardMove) => {
    const place = keyboardTarget(categories, id, how)
    if (place) runMove(id, place, { action: how })
  }

  async function deleteCategory(c: AdminCategory) {
    const yes = await confirm({
      title: `Delete ${c.name}?`,
      message: 'The category leaves the store’s menu and its address stops working. This cannot be undone.',
      confirmText: 'Delete',
      danger: true,
    })
    if (!yes) return
    remove.mutate(c.id, {
      onSuccess: () => toast.success(`${c.name} deleted`),
      onError: (err) => toast.error(`${c.name} was not deleted: ${errorText(err)}`, { duration: 10_000 }),
    })
  }

  const onDragStart = (e: DragStartEvent) => setDragging(Number(e.active.id))
  const onDragMove = (e: DragMoveEvent) => {
    const side = sideOf(e)
    const overId = e.over ? Number(e.over.id) : null
    if (overId === null || side === null || overId === Number(e.active.id)) return setHint(null)
    setHint((h) => (h?.overId === overId && h.side === side ? h : { overId, side }))
  }
  const onDragEnd = (e: DragEndEvent) => {
    const id = Number(e.active.id)
    const side = sideOf(e)
    setDragging(null)
    setHint(null)
    if (!e.over || side === null) return
    const place = dropTarget(categories, id, Number(e.over.id), side)
    if (place) runMove(id, place)
  }

  const nameOf = (id: UniqueIdentifier) => categories.find((c) => c.id === Number(id))?.name ?? 'The category'
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}`,
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? `${nameOf(active.id)} is over ${nameOf(over.id)}` : undefined),
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => `${nameOf(active.id)} was not moved`,
  }
  const toggle = (id: number) => setCollapsed((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])))
  const roots = categoryTree(categories)
  const draggedCategory = categories.find((c) => c.id === dragging)
  const ctx: RowContext = {
    categories,
    collapsed,
    hint,
    dragging,
    toggle,
    moveByKey,
    edit: (category) => setEditing({ mode: 'edit', category }),
    addUnder: (parentId) => setEditing({ mode: 'create', parentId }),
    remove: (c) => void deleteCategory(c),
  }

  return (
    <>
      <PageHeader
        title="Categories"
        description="The store’s menu. Drag a category by its handle, or use the arrows: up and down among its neighbours, right to put it under the one above, left to take it out of its parent."
        actions={
          <Button onClick={() => setEditing({ mode: 'create', parentId: null })}>
            <PlusIcon /> Add category
          </Button>
        }
      />
      {list.isPending && (
        <div className="flex justify-center py-24">
          <Spinner label="Loading categories" className="size-6 text-primary" />
        </div>
      )}
      {list.error && (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-danger">
            {errorText(list.error)}
          </p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {list.data && categories.length === 0 && (
        <div className="rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
          <p className="font-medium">No categories yet</p>
          <p className="mt-1 text-sm text-muted">Categories make the store’s menu. Add the first one, then put products in it.</p>
        </div>
      )}
      {categories.length > 0 && (
        <div ref={tree} className="rounded-lg border border-border bg-surface">
          <div className="flex items-center gap-3 border-b border-border bg-background px-3 py-2 text-xs font-semibold uppercase text-muted">
            <span className="flex-1 pl-16">Category</span>
            <span className="hidden w-20 text-right sm:block" title="Products filed in the category itself">
              Products
            </span>
            <span className="w-60">
              <span className="sr-only">Actions</span>
            </span>
          </div>
          <DndContext
            sensors={sensors}
            accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a category with the keyboard, use its move buttons.' } }}
            onDragStart={onDragStart}
            onDragMove={onDragMove}
            onDragEnd={onDragEnd}
            onDragCancel={() => (setDragging(null), setHint(null))}
          >
            <ul aria-label="Categories" className="py-1">
              {roots.map((node, i) => (
                <CategoryRow key={node.id} node={node} index={i} siblings={roots.length} ctx={ctx} />
              ))}
            </ul>
            <DragOverlay dropAnimation={null}>
              {draggedCategory && (
                <div className="flex items-center gap-2 rounded-md border border-primary bg-surface px-3 py-2 text-sm font-medium shadow-lg">
                  <GripIcon className="size-4 text-muted" /> {draggedCategory.name}
                </div>
              )}
            </DragOverlay>
          </DndContext>
        </div>
      )}
      <CategoryDrawer editing={editing} categories={categories} onClose={() => setEditing(null)} />
    </>
  )
}

interface RowContext {
  categories: AdminCategory[]
  collapsed: Set<number>
  hint: DropHint | null
  dragging: number | null
  toggle: (id: number) => void
  moveByKey: (id: number, how: KeyboardMove) => void
  edit: (c: AdminCategory) => void
  addUnder: (parentId: number) => void
  remove: (c: AdminCategory) => void
}

function CategoryRow({ node, index, siblings, ctx }: { node: CategoryNode; index: number; siblings: number; ctx: RowContext }) {
  const drag = useDraggable({ id: node.id })
  const drop = useDroppable({ id: node.id })
  const open = !ctx.collapsed.has(node.id)
  const parent = node.parent_id === null ? null : ctx.categories.find((c) => c.id === node.parent_id)
  const above = index > 0 ? ctx.categories.filter((c) => c.parent_id === node.parent_id)[index - 1] : undefined
  const hint = ctx.hint?.overId === node.id ? ctx.hint.side : null
  const name = node.name
  const button = (action: KeyboardMove, label: string, icon: ReactNode, disabled: boolean) => (
    <button
      type="button"
      className={iconButton}
      aria-label={label}
      title={label}
      disabled={disabled}
      data-category={node.id}
      data-action={action}
      onClick={() => ctx.moveByKey(node.id, action)}
    >
      {icon}
    </button>
  )

  return (
    <li aria-label={name} data-testid={`category-${node.slug}`}>
      <div
        ref={drop.setNodeRef}
        className={cn(
          'relative flex items-center gap-2 border-y border-transparent py-1.5 pr-3 hover:bg-background',
          hint === 'inside' && 'rounded-md border-primary bg-primary/5',
          ctx.dragging === node.id && 'opacity-40',
        )}
        style={{ paddingLeft: `${0.75 + node.depth * 1.5}rem` }}
      >
        {hint === 'before' && (
          <span aria-hidden="true" className="absolute inset-x-0 -top-px h-0.5 bg-primary" style={{ left: `${0.75 + node.depth * 1.5}rem` }} />
        )}
        {hint === 'after' && (
          <span aria-hidden="true" className="absolute inset-x-0 -bottom-px h-0.5 bg-primary" style={{ left: `${0.75 + node.depth * 1.5}rem` }} />
        )}
        <button
          type="button"
          ref={drag.setNodeRef}
          {...drag.listeners}
          aria-label={`Drag ${name}`}
          title="Drag to move"
          className={cn(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
        >
          <GripIcon />
        </button>
        {node.children.length > 0 ? (
          <button
            type="button"
            className={iconButton}
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`}
            onClick={() => ctx.toggle(node.id)}
          >
            <ChevronRightIcon className={cn('size-4 transition-transform', open && 'rotate-90')} />
          </button>
        ) : (
          <span className="size-8 shrink-0" />
        )}
        <Image src={node.avatar} size="thumb" width={36} height={36} className="size-9 shrink-0 rounded-md border border-border bg-background object-cover" />
        <div className="min-w-0 flex-1">
          <button
            type="button"
            className="block max-w-full truncate text-left text-sm font-medium hover:text-primary hover:underline"
            onClick={() => ctx.edit(node)}
          >
            {name}
          </button>
          <p className="truncate text-xs text-muted">
            /{node.slug}
            {node.children.length > 0 && ` · ${node.children.length} subcategor${node.children.length === 1 ? 'y' : 'ies'}`}
            <span className="sm:hidden"> · {node.products} products</span>
          </p>
        </div>
        <span className="hidden w-20 text-right text-sm tabular-nums sm:block">{node.products}</span>
        <div className="flex w-60 shrink-0 items-center justify-end">
          {button('up', `Move ${name} up`, <ArrowUpIcon className="size-4" />, index === 0)}
          {button('down', `Move ${name} down`, <ArrowDownIcon className="size-4" />, index === siblings - 1)}
          {button('indent', above ? `Move ${name} into ${above.name}` : `Move ${name} into the category above`, <IndentIcon className="size-4" />, !above)}
          {button('outdent', parent ? `Move ${name} out of ${parent.name}` : `Move ${name} out of its parent`, <OutdentIcon className="size-4" />, !parent)}
          <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
          <button
            type="button"
            className={iconButton}
            aria-label={`Add a subcategory to ${name}`}
            title="Add a subcategory"
            onClick={() => ctx.addUnder(node.id)}
          >
            <PlusIcon className="size-4" />
          </button>
          <button type="button" className={iconButton} aria-label={`Edit ${name}`} title="Edit" onClick={() => ctx.edit(node)}>
            <PencilIcon className="size-4" />
          </button>
          <button type="button" className={cn(iconButton, 'hover:text-danger')} aria-label={`Delete ${name}`} title="Delete" onClick={() => ctx.remove(node)}>
            <TrashIcon className="size-4" />
          </button>
        </div>
      </div>
      {open && node.children.length > 0 && (
        <ul aria-label={`In ${name}`}>
          {node.children.map((child, i) => (
            <CategoryRow key={child.id} node={child} index={i} siblings={node.children.length} ctx={ctx} />
          ))}
        </ul>
      )}
    </li>
  )
}
