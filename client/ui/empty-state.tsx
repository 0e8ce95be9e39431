import type { ReactNode } from 'react'

/** An honest empty state: what will be here, and what to do meanwhile. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
      <p className="text-base font-semibold">{title}</p>
      <div className="mt-1 max-w-md text-sm text-muted">{children}</div>
      {action && <div className="mt-5">{action}</div>}
    </div>
  )
}
