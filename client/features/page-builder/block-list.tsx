import { DndContext, type DragEndEvent, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core'
import { useState } from 'react'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { ArrowDownIcon, ArrowUpIcon, ChevronRightIcon, GripIcon, TrashIcon } from '../../staff/ui/staff-icons'
import { BlockForm } from './blocks/block-form'
import type { EditorBlock } from './blocks/block-draft'
import { blockLabel } from './blocks/forms'
import { moveItem } from './editor-state'

interface BlockListProps {
  blocks: EditorBlock[]
  onChange: (blocks: EditorBlock[]) => void
  open: string | null
  onOpen: (key: string | null) => void
  /** field path ('components.2.data.title') → message */
  errors: Record<string, string>
  onRemove: (block: EditorBlock) => void
}

/**
 * The page's blocks in order: drag a block by its handle (or focus the handle, Space, arrows, Space) to move it;
 * Move up / Move down do the same one step at a time. A block opens to its settings form.
 */
export function BlockList({ blocks, onChange, open, onOpen, errors, onRemove }: BlockListProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor))
  const [dragging, setDragging] = useState<string | null>(null)
  const dragged = blocks.find((b) => b.key === dragging)

  function onDragEnd(e: DragEndEvent) {
    setDragging(null)
    if (!e.over) return
    const from = blocks.findIndex((b) => b.key === e.active.id)
    const to = blocks.findIndex((b) => b.key === e.over?.id)
    onChange(moveItem(blocks, from, to))
  }

  if (blocks.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">
        This page has no blocks yet. Add one from the list above.
      </div>
    )

  return (
    <DndContext
      sensors={sensors}
      onDragStart={(e) => setDragging(String(e.active.id))}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: 'To move a block, press Space, use the arrow keys to choose where, then press Space again.' },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(blocks, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(blocks, active.id)} is over ${nameOf(blocks, over.id)}.` : `${nameOf(blocks, active.id)} is not over a block.`,
          onDragEnd: ({ active, over }) =>
            over ? `${nameOf(blocks, active.id)} moved to the place of ${nameOf(blocks, over.id)}.` : `${nameOf(blocks, active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(blocks, active.id)} cancelled.`,
        },
      }}
    >
      <ol className="flex flex-col gap-2" aria-label="Blocks on this page">
        {blocks.map((block, i) => {
          const prefix = `components.${i}.`
          const problems = Object.keys(errors).filter((k) => k.startsWith(prefix)).length
          return (
            <BlockRow
              key={block.key}
              block={block}
              index={i}
              count={blocks.length}
              open={open === block.key}
              problems={problems}
              onToggle={() => onOpen(open === block.key ? null : block.key)}
              onMove={(to) => onChange(moveItem(blocks, i, to))}
              onRemove={() => onRemove(block)}
              onChange={(next) => onChange(blocks.map((b) => (b.key === block.key ? next : b)))}
              error={(path) => errors[prefix + path]}
            />
          )
        })}
      </ol>
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className="flex items-center gap-2 rounded-lg border border-primary bg-surface px-3 py-2 shadow-lg">
            <GripIcon className="size-4 text-muted" />
            <span className="font-medium">{dragged.name || blockLabel(dragged.type)}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  )
}

const nameOf = (blocks: EditorBlock[], id: string | number) => {
  const b = blocks.find((x) => x.key === id)
  return b ? b.name || blockLabel(b.type) : 'the block'
}

interface BlockRowProps {
  block: EditorBlock
  index: number
  count: number
  open: boolean
  problems: number
  onToggle: () => void
  onMove: (to: number) => void
  onRemove: () => void
  onChange: (block: EditorBlock) => void
  error: (path: string) => string | undefined
}

function BlockRow({ block, index, count, open, problems, onToggle, onMove, onRemove, onChange, error }: BlockRowProps) {
  const drag = useDraggable({ id: block.key })
  const drop = useDroppable({ id: block.key })
  const name = block.name || blockLabel(block.type)
  const formId = `block-form-${block.key}`
  return (
    <li
      ref={drop.setNodeRef}
      data-block={block.type}
      className={cn(
        'rounded-lg border bg-surface',
        drop.isOver && !drag.isDragging ? 'border-primary ring-2 ring-primary/30' : 'border-border',
        drag.isDragging && 'opacity-40',
        problems > 0 && 'border-danger',
      )}
    >
      <div className="flex items-center gap-1 p-2">
        <button
          type="button"
          ref={drag.setNodeRef}
          {...drag.listeners}
          {...drag.attributes}
          aria-label={`Drag ${name} to reorder`}
          className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted hover:bg-background active:cursor-grabbing"
        >
          <GripIcon className="size-4" />
        </button>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={formId}
          className="flex min-w-0 flex-1 items-center gap-2 rounded px-1 py-1 text-left hover:bg-background"
        >
          <ChevronRightIcon className={cn('size-4 shrink-0 transition-transform', open && 'rotate-90')} />
          <span className="min-w-0">
            <span className="block truncate font-medium">{name}</span>
            <span className="block text-xs text-muted">
              {blockLabel(block.type)}
              {problems > 0 && <span className="text-danger"> · {problems === 1 ? '1 field to fix' : `${problems} fields to fix`}</span>}
            </span>
          </span>
        </button>
        <Button size="icon" variant="ghost" className="size-8" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUpIcon className="size-4" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDownIcon className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" className="size-8 text-danger" aria-label={`Remove ${name}`} onClick={onRemove}>
          <TrashIcon className="size-4" />
        </Button>
      </div>
      {open && (
        <section id={formId} aria-label={`${name} settings`} className="border-t border-border p-3">
          <BlockForm block={block} onChange={onChange} error={error} />
        </section>
      )}
    </li>
  )
}
