import type { ReactNode } from 'react'
import { ChevronDownIcon } from '../../ui/icons'

export interface ProductInfoSectionsProps {
  description?: string | null
  info?: string | null
}

/** 'Description' and 'Product information' as <details>, collapsed to start with (spec §2). */
export function ProductInfoSections({ description, info }: ProductInfoSectionsProps) {
  if (!description && !info) return null
  return (
    <div className="divide-y divide-border rounded-lg border border-border bg-surface">
      {description && <Section title="Description">{description}</Section>}
      {info && <Section title="Product information">{info}</Section>}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold select-none [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDownIcon className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
      </summary>
      {/* Plain text from the catalogue: keep its line breaks, never parse it as HTML. */}
      <div className="px-4 pb-4 text-sm leading-6 whitespace-pre-line text-muted">{children}</div>
    </details>
  )
}
