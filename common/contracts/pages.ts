import * as z from 'zod/mini'
import { defineContract } from './http'
import { text } from './text'

export const PageComponent = z.object({
  name: z.string().check(z.maxLength(120)),
  type: z.string().check(z.maxLength(60)),
  data: z.unknown(),
  logicdata: z.optional(z.unknown()),
  response: z.optional(z.unknown()),
  order: z._default(z.number().check(z.int()), 0),
  settings: z._default(z.record(z.string(), z.unknown()), {}),
})
export type PageComponent = z.infer<typeof PageComponent>

export const PageData = z.object({
  url: z.string(),
  data: z.array(PageComponent),
  css: z.string(),
  show_footer: z._default(z.boolean(), true),
  show_sub_navbar: z._default(z.boolean(), true),
  show_navbar: z._default(z.boolean(), true),
  seo_title: z.nullable(z.string()),
  seo_description: z.nullable(z.string()),
  seo_keyword: z.nullable(z.string()),
  schema_script: z.nullable(z.string()),
})
export type PageData = z.infer<typeof PageData>

export const MAX_PAGE_URL_LENGTH = 200

export const getPageData = defineContract({
  method: 'GET',
  path: '/api/page/data/*',
  summary: 'Page components and settings for a site path (e.g. /api/page/data/about-us; /api/page/data/ is the home page)',
  // Any length: a path that cannot be a page is a 404, not a validation error (only text no page can hold is a 422).
  params: z.object({ '*': text('Page address') }),
  response: PageData,
})
