import type { BlockType } from '../../../common/contracts/page-blocks'
import { PlusIcon } from '../../staff/ui/staff-icons'
import { BLOCK_EDITORS, PALETTE } from './blocks/forms'

/** "Add a block": one button per block type, with what it shows. */
export function BlockPalette({ onAdd, full }: { onAdd: (type: BlockType) => void; full: boolean }) {
  return (
    <section aria-labelledby="palette-heading" className="flex flex-col gap-2">
      <h2 id="palette-heading" className="text-sm font-semibold">
        Add a block
      </h2>
      <div className="grid grid-cols-2 gap-2">
        {PALETTE.map((type) => (
          <button
            key={type}
            type="button"
            onClick={() => onAdd(type)}
            disabled={full}
            className="flex items-start gap-2 rounded-md border border-border bg-surface p-2 text-left hover:border-primary disabled:opacity-50"
          >
            <PlusIcon className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              <span className="block text-sm font-medium">{BLOCK_EDITORS[type].label}</span>
              <span className="block text-xs text-muted">{BLOCK_EDITORS[type].description}</span>
            </span>
          </button>
        ))}
      </div>
    </section>
  )
}
