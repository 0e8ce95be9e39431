import { DndContext, type DragEndEvent, type DragMoveEvent, DragOverlay, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core'
import { type ReactNode, useState } from 'react'
import { MENU_DEPTH, type SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { TextField } from '../../ui/form-field'
import { SelectField } from '../../ui/select-field'
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, GripIcon, IndentIcon, OutdentIcon, PlusIcon, TrashIcon } from '../../staff/ui/staff-icons'
import { SingleImageField } from '../../staff/form/single-image-field'
import { Check, type GroupForm, GroupScreen } from './group-form'
import {
  addChild,
  type DropSide,
  dropItem,
  type EditItem,
  findItem,
  type KeyboardMove,
  moveItem,
  newKey,
  pathOf,
  removeItem,
  toEdit,
  toSaved,
  updateItem,
} from './menu-tree'

interface Values {
  navs: EditItem[]
  footers: EditItem[]
}
type MenuName = keyof Values

const valuesOf = (a: SiteEditorAnswer): Values => ({ navs: toEdit(a.menus.navs), footers: toEdit(a.menus.footers) })
const toBody = (v: Values) => ({ navs: toSaved(v.navs), footers: toSaved(v.footers) })

const blank = (): EditItem => ({ key: newKey(), group: 0, name: 'New item', icon: null, show_icon: 0, link: '/', value: null, image: null, children: [] })
const iconButton = 'flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-background hover:text-text disabled:opacity-30'

function sideOf(event: DragMoveEvent | DragEndEvent): DropSide | null {
  const { over, active, activatorEvent, delta } = event
  if (!over) return null
  const start = activatorEvent && 'clientY' in activatorEvent ? (activatorEvent as PointerEvent).clientY : null
  const dragged = active.rect.current.translated
  const y = start !== null ? start + delta.y : dragged ? dragged.top + dragged.height / 2 : null
  if (y === null) return null
  const at = (y - over.rect.top) / over.rect.height
  return at < 0.3 ? 'before' : at > 0.7 ? 'after' : 'inside'
}

/** Website Settings → Menus: the header and footer menus, nested items, drag or keyboard to reorder and nest. */
export function MenusView() {
  return (
    <GroupScreen
      group="menus"
      title="Menus"
      what="the menus"
      description="The header menu (the bar under the top bar, and the mobile drawer) and the footer’s link columns. Drag an item by its handle, or use the arrows: up and down, right to put it under the item above, left to take it out."
      valuesOf={valuesOf}
      toBody={toBody}
    >
      {(form) => (
        <>
          <MenuEditor form={form} menu="navs" title="Header menu" />
          <MenuEditor form={form} menu="footers" title="Footer menu" hint="Top-level items are the footer’s columns; their children are the links." />
        </>
      )}
    </GroupScreen>
  )
}

interface RowCtx {
  menu: MenuName
  items: EditItem[]
  open: Set<string>
  hint: { key: string; side: DropSide } | null
  dragging: string | null
  toggle: (key: string) => void
  move: (key: string, how: KeyboardMove) => void
  change: (key: string, change: Partial<EditItem>) => void
  remove: (item: EditItem) => void
  addUnder: (key: string) => void
  error: (path: string) => string | undefined
}

function MenuEditor({ form, menu, title, hint: help }: { form: GroupForm<Values>; menu: MenuName; title: string; hint?: string }) {
  const items = form.values[menu]
  const [open, setOpen] = useState<Set<string>>(new Set())
  const [dragging, setDragging] = useState<string | null>(null)
  const [hint, setHint] = useState<RowCtx['hint']>(null)
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }))
  const setItems = (update: (items: EditItem[]) => EditItem[]) => form.set((v) => ({ ...v, [menu]: update(v[menu]) }))
  const listError = form.error(menu)

  const ctx: RowCtx = {
    menu,
    items,
    open,
    hint,
    dragging,
    toggle: (key) =>
      setOpen((s) => {
        const n = new Set(s)
        if (n.has(key)) n.delete(key)
        else n.add(key)
        return n
      }),
    move: (key, how) => {
      setItems((list) => moveItem(list, key, how))
      requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-menu-item="${key}"][data-action="${how}"]:not(:disabled)`)?.focus())
    },
    change: (key, change) => setItems((list) => updateItem(list, key, change)),
    remove: async (item) => {
      const ok = await confirm({
        title: `Remove “${item.name}”?`,
        message: item.children.length
          ? `Its ${item.children.length} sub-item(s) go too. Nothing changes on the storefront until you save.`
          : 'Nothing changes on the storefront until you save.',
        confirmText: 'Remove',
        danger: true,
      })
      if (ok) setItems((list) => removeItem(list, item.key))
    },
    addUnder: (key) => {
      const item = blank()
      setItems((list) => addChild(list, key, item))
      setOpen((s) => new Set(s).add(item.key))
    },
    error: (path) => form.error(`${menu}.${path}`),
  }

  const onDragMove = (e: DragMoveEvent) => {
    const side = sideOf(e)
    const over = e.over ? String(e.over.id) : null
    if (!over || !side || over === String(e.active.id)) return setHint(null)
    setHint((h) => (h?.key === over && h.side === side ? h : { key: over, side }))
  }
  const onDragEnd = (e: DragEndEvent) => {
    const side = sideOf(e)
    setDragging(null)
    setHint(null)
    if (e.over && side) setItems((list) => dropItem(list, String(e.active.id), String(e.over!.id), side))
  }
  const dragged = dragging ? findItem(items, dragging) : null

  return (
    <section aria-label={title} className="rounded-lg border border-border bg-surface">
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3">
        <div className="flex-1">
          <h2 className="text-base font-semibold">{title}</h2>
          {help && <p className="text-sm text-muted">{help}</p>}
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            const item = blank()
            setItems((list) => addChild(list, null, item))
            setOpen((s) => new Set(s).add(item.key))
          }}
        >
          <PlusIcon className="size-4" /> Add item
        </Button>
      </div>
      {listError && (
        <p role="alert" className="px-4 pt-2 text-sm text-danger">
          {listError}
        </p>
      )}
      {items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-muted">No items yet. Add the first one.</p>
      ) : (
        <DndContext
          sensors={sensors}
          accessibility={{ screenReaderInstructions: { draggable: 'To move a menu item with the keyboard, use its move buttons.' } }}
          onDragStart={(e) => setDragging(String(e.active.id))}
          onDragMove={onDragMove}
          onDragEnd={onDragEnd}
          onDragCancel={() => (setDragging(null), setHint(null))}
        >
          <ul aria-label={`${title} items`} className="py-1">
            {items.map((item, i) => (
              <MenuRow key={item.key} item={item} depth={0} index={i} siblings={items} parent={null} ctx={ctx} />
            ))}
          </ul>
          <DragOverlay dropAnimation={null}>
            {dragged && (
              <div className="flex items-center gap-2 rounded-md border border-primary bg-surface px-3 py-2 text-sm font-medium shadow-lg">
                <GripIcon className="size-4 text-muted" /> {dragged.name}
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
    </section>
  )
}

interface RowProps {
  item: EditItem
  depth: number
  index: number
  siblings: EditItem[]
  parent: EditItem | null
  ctx: RowCtx
}

function MenuRow({ item, depth, index, siblings, parent, ctx }: RowProps) {
  const drag = useDraggable({ id: item.key })
  const drop = useDroppable({ id: item.key })
  const open = ctx.open.has(item.key)
  const path = pathOf(ctx.items, item.key) ?? ''
  const errors = ['name', 'link', 'icon', 'image', 'value', 'group', 'children'].map((f) => ctx.error(`${path}.${f}`)).filter(Boolean)
  const above = index > 0 ? siblings[index - 1] : undefined
  const hint = ctx.hint?.key === item.key ? ctx.hint.side : null
  const isCategories = item.value === '/categories'
  const button = (action: KeyboardMove, label: string, icon: ReactNode, disabled: boolean) => (
    <button
      type="button"
      className={iconButton}
      aria-label={label}
      title={label}
      disabled={disabled}
      data-menu-item={item.key}
      data-action={action}
      onClick={() => ctx.move(item.key, action)}
    >
      {icon}
    </button>
  )
  return (
    <li aria-label={item.name}>
      <div
        ref={drop.setNodeRef}
        className={cn(
          'relative flex items-center gap-1 border-y border-transparent py-1.5 pr-3 hover:bg-background',
          hint === 'inside' && 'rounded-md border-primary bg-primary/5',
          ctx.dragging === item.key && 'opacity-40',
          errors.length > 0 && 'bg-danger/5',
        )}
        style={{ paddingLeft: `${0.5 + depth * 1.5}rem` }}
      >
        {hint === 'before' && <span aria-hidden="true" className="absolute inset-x-0 -top-px h-0.5 bg-primary" />}
        {hint === 'after' && <span aria-hidden="true" className="absolute inset-x-0 -bottom-px h-0.5 bg-primary" />}
        <button
          type="button"
          ref={drag.setNodeRef}
          {...drag.listeners}
          aria-label={`Drag ${item.name}`}
          title="Drag to move"
          className={cn(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
        >
          <GripIcon />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-expanded={open}
          aria-label={`${open ? 'Close' : 'Edit'} ${item.name}`}
          onClick={() => ctx.toggle(item.key)}
        >
          <ChevronRightIcon className={cn('size-4 transition-transform', open && 'rotate-90')} />
        </button>
        <div className="min-w-0 flex-1">
          <button type="button" className="block max-w-full truncate text-left text-sm font-medium hover:text-primary" onClick={() => ctx.toggle(item.key)}>
            {item.name || '(no name)'}
          </button>
          <p className="truncate text-xs text-muted">
            {isCategories ? 'Category menu: filled with the store’s categories' : item.link || 'No link'}
            {item.children.length > 0 && ` · ${item.children.length} sub-item${item.children.length === 1 ? '' : 's'}`}
          </p>
        </div>
        <div className="flex shrink-0 items-center">
          {button('up', `Move ${item.name} up`, <ArrowUpIcon className="size-4" />, index === 0)}
          {button('down', `Move ${item.name} down`, <ArrowDownIcon className="size-4" />, index === siblings.length - 1)}
          {button(
            'indent',
            above ? `Move ${item.name} into ${above.name}` : `Move ${item.name} into the item above`,
            <IndentIcon className="size-4" />,
            !above || depth >= MENU_DEPTH - 1,
          )}
          {button(
            'outdent',
            parent ? `Move ${item.name} out of ${parent.name}` : `Move ${item.name} out of its parent`,
            <OutdentIcon className="size-4" />,
            !parent,
          )}
          <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
          <button
            type="button"
            className={iconButton}
            aria-label={`Add an item under ${item.name}`}
            title="Add a sub-item"
            disabled={depth >= MENU_DEPTH - 1 || isCategories}
            onClick={() => ctx.addUnder(item.key)}
          >
            <PlusIcon className="size-4" />
          </button>
          <button
            type="button"
            className={cn(iconButton, 'hover:text-danger')}
            aria-label={`Remove ${item.name}`}
            title="Remove"
            onClick={() => ctx.remove(item)}
          >
            <TrashIcon className="size-4" />
          </button>
        </div>
      </div>
      {!open && errors.length > 0 && (
        <p role="alert" className="pb-1 text-sm text-danger" style={{ paddingLeft: `${4.5 + depth * 1.5}rem` }}>
          {errors[0]}
        </p>
      )}
      {open && <ItemFields item={item} path={path} ctx={ctx} depth={depth} />}
      {item.children.length > 0 && (
        <ul aria-label={`In ${item.name}`}>
          {item.children.map((child, i) => (
            <MenuRow key={child.key} item={child} depth={depth + 1} index={i} siblings={item.children} parent={item} ctx={ctx} />
          ))}
        </ul>
      )}
    </li>
  )
}

function ItemFields({ item, path, ctx, depth }: { item: EditItem; path: string; ctx: RowCtx; depth: number }) {
  const change = (c: Partial<EditItem>) => ctx.change(item.key, c)
  const err = (f: string) => ctx.error(`${path}.${f}`)
  return (
    <div className="mx-3 mb-2 grid gap-3 rounded-md border border-border bg-background p-3 sm:grid-cols-2" style={{ marginLeft: `${3 + depth * 1.5}rem` }}>
      <TextField label="Name" required value={item.name} error={err('name')} onChange={(e) => change({ name: e.target.value })} />
      <TextField
        label="Link"
        hint="A page of this site (/products?s=discount) or an address starting with http://, https:// or www."
        value={item.link}
        error={err('link')}
        onChange={(e) => change({ link: e.target.value })}
      />
      <SelectField
        label="Shows"
        placeholder={null}
        options={[
          { value: '', label: 'This link' },
          { value: '/categories', label: 'The category menu (filled with the categories)' },
        ]}
        value={item.value === '/categories' ? '/categories' : ''}
        error={err('value')}
        onChange={(e) => change({ value: e.target.value || null })}
      />
      <TextField
        label="Group"
        type="number"
        min={0}
        max={99}
        hint="Items of one group sit together in the footer."
        value={item.group}
        error={err('group')}
        onChange={(e) => change({ group: Number(e.target.value) })}
      />
      <TextField
        label="Icon"
        hint="An icon name, e.g. gift, phone, truck."
        value={item.icon ?? ''}
        error={err('icon')}
        onChange={(e) => change({ icon: e.target.value || null })}
      />
      <div className="flex items-end pb-2">
        <Check label="Show the icon" checked={item.show_icon === 1} onChange={(on) => change({ show_icon: on ? 1 : 0 })} />
      </div>
      <div className="sm:col-span-2">
        <SingleImageField
          label="Image"
          hint="Optional: shown in the menu’s dropdown."
          value={item.image}
          error={err('image')}
          onChange={(image) => change({ image })}
        />
      </div>
    </div>
  )
}
