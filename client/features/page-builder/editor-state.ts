import * as z from 'zod/mini'
import { type PageDraft, SavePageInput } from '../../../common/contracts/admin-pages'
import { type BlockInputDraft, type EditorBlock, readBlock, toBlockInput } from './blocks/block-draft'

/**
 * The page editor's state: the page data of spec §3 as the owner edits it. Validation is the server's own
 * contract (common/contracts/admin-pages.ts → page-blocks.ts), so a field shows the message a save would get.
 */

export interface EditorPage {
  blocks: EditorBlock[]
  css: string
  show_navbar: boolean
  show_sub_navbar: boolean
  show_footer: boolean
  seo_title: string
  seo_description: string
  seo_keyword: string
  schema_script: string
}

type Content = Pick<
  PageDraft,
  'components' | 'css' | 'show_navbar' | 'show_sub_navbar' | 'show_footer' | 'seo_title' | 'seo_description' | 'seo_keyword' | 'schema_script'
>

/** A saved draft (or an old version) as the editor holds it. */
export function fromContent(c: Content): EditorPage {
  const blocks = c.components
    .map((b, i) => ({ b, i }))
    .sort((x, y) => Number(x.b.order ?? 0) - Number(y.b.order ?? 0) || x.i - y.i)
    .map(({ b }) => readBlock(b))
  return {
    blocks,
    css: c.css,
    show_navbar: c.show_navbar,
    show_sub_navbar: c.show_sub_navbar,
    show_footer: c.show_footer,
    seo_title: c.seo_title ?? '',
    seo_description: c.seo_description ?? '',
    seo_keyword: c.seo_keyword ?? '',
    schema_script: c.schema_script ?? '',
  }
}

const orNull = (s: string) => (s.trim() === '' ? null : s)

/** What a save would send, before the contract checks it. */
export interface PageInputDraft extends Omit<SavePageInput, 'components'> {
  components: BlockInputDraft[]
}

/** What a save sends: blocks in the order shown, empty SEO fields as null. */
export function toInput(page: EditorPage, url: string, version: number): PageInputDraft {
  return {
    url,
    version,
    components: page.blocks.map(toBlockInput),
    css: page.css,
    show_navbar: page.show_navbar,
    show_sub_navbar: page.show_sub_navbar,
    show_footer: page.show_footer,
    seo_title: orNull(page.seo_title),
    seo_description: orNull(page.seo_description),
    seo_keyword: orNull(page.seo_keyword),
    schema_script: orNull(page.schema_script),
  }
}

export type PageCheck = { ok: true; input: SavePageInput } | { ok: false; errors: Record<string, string> }

/** The page checked by the save call's own schema: the input to send, or field path ('components.0.data.slides.1.link') → message. */
export function checkPage(page: EditorPage, url: string, version: number): PageCheck {
  const parsed = z.safeParse(SavePageInput, toInput(page, url, version))
  if (parsed.success) return { ok: true, input: parsed.data }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.')
    if (!(path in errors)) errors[path] = issue.message
  }
  return { ok: false, errors }
}

/** The same page, whatever the blocks' keys: compares what would be saved. */
export const sameContent = (a: EditorPage, b: EditorPage) => JSON.stringify(toInput(a, '', 0)) === JSON.stringify(toInput(b, '', 0))

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}
