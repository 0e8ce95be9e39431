import * as z from 'zod/mini'
import { IdParams } from './admin'
import { defineContract } from './http'
import { text } from './text'

/** Search administration: the website's own synonyms and the zero-result report (docs/decisions/0035-search.md). */

const int = () => z.number().check(z.int())

export const SearchSynonym = z.object({ id: int(), term: z.string(), means: z.string(), created_at: z.string() })
export type SearchSynonym = z.infer<typeof SearchSynonym>

const Words = (label: string) =>
  text(label, [z.trim(), z.toLowerCase(), z.minLength(1, `${label} is required`), z.maxLength(80, `${label} is at most 80 characters`)])

export const listSearchSynonyms = defineContract({
  method: 'GET',
  path: '/api/admin/search/synonyms',
  summary: "Admin: this website's own search synonyms (the shipped dictionary is always on)",
  response: z.object({ data: z.array(SearchSynonym) }),
})

export const createSearchSynonym = defineContract({
  method: 'POST',
  path: '/api/admin/search/synonyms',
  summary: 'Admin: a word shoppers type and the catalogue words it means; searches use it at once in every app process; 201',
  status: 201,
  body: z.strictObject({ term: Words('Search words'), means: Words('Means') }),
  response: SearchSynonym,
})
export type CreateSearchSynonym = z.input<typeof createSearchSynonym.body>

export const deleteSearchSynonym = defineContract({
  method: 'DELETE',
  path: '/api/admin/search/synonyms/:id',
  summary: 'Admin: removes a search synonym',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
})

export const SearchMiss = z.object({ query: z.string(), count: int(), last_at: z.string() })
export type SearchMiss = z.infer<typeof SearchMiss>

export const listSearchMisses = defineContract({
  method: 'GET',
  path: '/api/admin/search/misses',
  summary: 'Admin: searches that found nothing, most frequent first (the zero-result report)',
  response: z.object({ data: z.array(SearchMiss) }),
})
