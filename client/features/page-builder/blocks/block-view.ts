import type { ComponentType } from 'react'
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import type { PageComponent } from '../../../../common/contracts/pages'

/**
 * How a block type shows on the storefront. Pages hold their blocks as they were stored (`data: unknown` in
 * common/contracts/pages.ts), so `read` parses the stored block into the props its view draws, typed by that block
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

const Titled = z.object({ title: z.catch(z.optional(z.string()), undefined) })

/** The block's `data.title` when it is a non-empty string, trimmed. */
export function readTitle(block: PageComponent): string | undefined {
  const title = z.safeParse(Titled, block.data).data?.title?.trim()
  return title ? title : undefined
}

/** A stored list read item by item: the items that parse, the others skipped (not a list: none). */
export const someOf = <S extends $ZodType>(item: S) =>
  z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items) =>
      items.flatMap((value) => {
        const parsed = z.safeParse(item, value)
        return parsed.success ? [parsed.data] : []
      }),
    ),
  )

/** A block's `response` (filled by the server) as a list of `item`; undefined (the carousel shows placeholders) when missing or malformed. */
export function responseList<S extends $ZodType>(block: PageComponent, item: S): z.infer<S>[] | undefined {
  if (block.response === undefined || block.response === null) return undefined
  const parsed = z.safeParse(z.array(item), block.response)
  return parsed.success ? parsed.data : undefined
}
