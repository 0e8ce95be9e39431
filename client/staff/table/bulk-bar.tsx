import type { ReactNode } from 'react'
import { Button } from '../../ui/button'

/** Shown while rows are selected: how many, what can be done with them, and a way to let go. */
export function BulkBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  return (
    <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 border-b border-border bg-primary/5 px-3 py-2">
      <p className="mr-2 text-sm font-semibold" aria-live="polite">
        {count} selected
      </p>
      {children}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  )
}
