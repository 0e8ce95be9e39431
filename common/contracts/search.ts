import * as z from 'zod/mini'
import { DidYouMean, MAX_QUERY_LENGTH } from './catalogue'
import { defineContract } from './http'
import { text } from './text'

/**
 * Search: as-you-type suggestions (docs/decisions/0035-search.md). The shopper's first load holds this file; the staff's
 * synonyms and zero-result report are in admin-search.ts.
 */

export const SuggestQuery = z.object({
  q: text('Search text', [z.trim(), z.maxLength(MAX_QUERY_LENGTH, `Search text is limited to ${MAX_QUERY_LENGTH} characters`)]),
})

const Named = z.object({ name: z.string(), slug: z.string() })
export const Suggestions = z.object({
  products: z.array(z.object({ name: z.string(), slug: z.string(), image: z.string(), price: z.number() })),
  categories: z.array(Named),
  brands: z.array(Named),
  /** when nothing matches: the nearest categories or brands (issue 31) */
  did_you_mean: z.optional(z.array(DidYouMean)),
})
export type Suggestions = z.infer<typeof Suggestions>

export const getSuggestions = defineContract({
  method: 'GET',
  path: '/api/search/suggest',
  summary:
    'As-you-type suggestions: up to 6 products (image, lowest price), 3 categories and 3 brands; when nothing matches, the nearest ' +
    'categories or brands (did_you_mean)',
  query: SuggestQuery,
  response: Suggestions,
})
