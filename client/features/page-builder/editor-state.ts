import * as z from 'zod/mini'
import { type PageDraft, type SavePageInput, SavePageInput as SaveSchema } from '../../../common/contracts/admin-pages'
import type { BlockType } from '../../../common/contracts/page-blocks'

/**
 * The page editor's state: the page data of spec §3 as the owner edits it. Validation is the server's own
 * contract (common/contracts/admin-pages.ts → page-blocks.ts), so a field shows the message a save would get.
 */

export type Props = Record<string, unknown>

export interface EditorBlock {
  /** a key for React and drag and drop, not saved */
  key: string
  name: string
  type: string
  data: Props
  settings: Props
  logicdata: Props
}

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

export const BLOCK_INFO: Record<BlockType, { label: string; description: string; make: () => Omit<EditorBlock, 'key'> }> = {
  hero_banner: {
    label: 'Hero banner',
    description: 'Wide sliding images with links',
    make: () => ({ name: 'Hero banner', type: 'hero_banner', data: { slides: [] }, settings: { aspect: '16/5', fullpage: false }, logicdata: {} }),
  },
  product_carousel: {
    label: 'Product carousel',
    description: 'A row of products from categories or brands',
    make: () => ({ name: 'Products', type: 'product_carousel', data: { title: 'Top picks' }, settings: {}, logicdata: { s: 'popularity', limit: 12 } }),
  },
  rich_text: {
    label: 'Text',
    description: 'Headings, paragraphs, lists and links',
    make: () => ({ name: 'Text', type: 'rich_text', data: { html: '<p></p>' }, settings: {}, logicdata: {} }),
  },
  category_carousel: {
    label: 'Category carousel',
    description: 'Category tiles, top level or under one parent',
    make: () => ({ name: 'Categories', type: 'category_carousel', data: { title: 'Shop by category' }, settings: {}, logicdata: {} }),
  },
  brand_carousel: {
    label: 'Brand carousel',
    description: 'The brands you sell, with logos',
    make: () => ({ name: 'Brands', type: 'brand_carousel', data: { title: 'Shop by brand' }, settings: {}, logicdata: {} }),
  },
  supplier_tiles: {
    label: 'Supplier tiles',
    description: 'Tiles with an avatar, an image and a link',
    make: () => ({ name: 'Suppliers', type: 'supplier_tiles', data: { title: 'Our suppliers', items: [] }, settings: {}, logicdata: {} }),
  },
}
export const PALETTE = Object.keys(BLOCK_INFO) as BlockType[]
export const blockLabel = (type: string) => (type in BLOCK_INFO ? BLOCK_INFO[type as BlockType].label : type)

let counter = 0
export const newKey = () => `b${Date.now().toString(36)}${(++counter).toString(36)}`

export const newBlock = (type: BlockType): EditorBlock => ({ key: newKey(), ...BLOCK_INFO[type].make() })

const obj = (v: unknown): Props => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Props) : {})

type Content = Pick<
  PageDraft,
  'components' | 'css' | 'show_navbar' | 'show_sub_navbar' | 'show_footer' | 'seo_title' | 'seo_description' | 'seo_keyword' | 'schema_script'
>

/** A saved draft (or an old version) as the editor holds it. */
export function fromContent(c: Content): EditorPage {
  const blocks = c.components
    .map((b, i) => ({ b, i }))
    .sort((x, y) => Number(x.b.order ?? 0) - Number(y.b.order ?? 0) || x.i - y.i)
    .map(({ b }) => ({
      key: newKey(),
      name: String(b.name ?? ''),
      type: String(b.type ?? ''),
      data: obj(b.data),
      settings: obj(b.settings),
      logicdata: obj(b.logicdata),
    }))
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

/** What a save sends: blocks in the order shown, empty SEO fields as null. */
export function toInput(page: EditorPage, url: string, version: number) {
  return {
    url,
    version,
    components: page.blocks.map((b, order) => ({ name: b.name, type: b.type, order, data: b.data, settings: b.settings, logicdata: b.logicdata })),
    css: page.css,
    show_navbar: page.show_navbar,
    show_sub_navbar: page.show_sub_navbar,
    show_footer: page.show_footer,
    seo_title: orNull(page.seo_title),
    seo_description: orNull(page.seo_description),
    seo_keyword: orNull(page.seo_keyword),
    schema_script: orNull(page.schema_script),
  } as unknown as SavePageInput
}

/** The page checked by the save call's own schema: field path ('components.0.data.slides.1.link') → message. */
export function validate(page: EditorPage, url: string): Record<string, string> {
  const parsed = z.safeParse(SaveSchema, toInput(page, url, 0))
  if (parsed.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.')
    if (!(path in errors)) errors[path] = issue.message
  }
  return errors
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
