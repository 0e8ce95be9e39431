import type { ComponentType } from 'react'
import type { PageComponent } from '../../../../common/contracts/pages'
import { allOf, field, stringOr } from './stored'

/**
 * How a block type shows on the storefront. Pages hold their blocks as they were stored (`data: unknown` in
 * common/contracts/pages.ts), so `read` reads the stored block (without zod: ./stored.ts) into the props its view draws, typed by that block
 * type's schema in common/contracts/page-blocks.ts. A part that does not parse falls back; reading never throws.
 */
export interface BlockReading<P> {
  read: (block: PageComponent) => P
  /** The heading that labels the block's section (its h2 has the section's `headingId`); none when undefined. */
  heading?: (props: P) => string | undefined
}

/** A block type's reading and the view that draws it; `C` is what the page passes every block (product card slots). */
export interface BlockView<P, C = object> extends BlockReading<P> {
  View: ComponentType<P & C & { headingId: string }>
}

/** The block's `data.title` when it is a non-empty string, trimmed. */
export function readTitle(block: PageComponent): string | undefined {
  const title = stringOr(field(block.data, 'title'))?.trim()
  return title ? title : undefined
}

/** A block's `response` (filled by the server) as a list read by `read`; undefined (the carousel shows placeholders) when missing or malformed. */
export function responseList<T>(block: PageComponent, read: (item: unknown) => T | undefined): T[] | undefined {
  if (block.response === undefined || block.response === null) return undefined
  return allOf(block.response, read)
}
