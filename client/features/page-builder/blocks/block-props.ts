import type { PageComponent } from '../../../../common/contracts/pages'

/** What the block registry hands every page block. */
export interface PageBlockProps {
  block: PageComponent
  /** id for the block's h2, which the surrounding <section aria-labelledby> points at */
  headingId: string
}

/** A block's data.title when it is a non-empty string. */
export function blockTitle(block: PageComponent): string | undefined {
  const data = block.data
  if (!data || typeof data !== 'object' || !('title' in data)) return undefined
  const title = (data as { title?: unknown }).title
  return typeof title === 'string' && title.trim() ? title.trim() : undefined
}
