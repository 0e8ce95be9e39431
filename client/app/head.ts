import type { Product } from '../../common/contracts/catalogue'
import type { PageData } from '../../common/contracts/pages'
import type { InitData } from '../../common/contracts/site-settings'
import { breadcrumbJsonLd } from '../features/catalogue/category-tree'
import { imageUrl } from '../lib/image'

export interface HeadInput {
  init: InitData
  origin: string
  /** path + search of the page */
  url: string
  page?: PageData | null
  product?: Product | null
  /** a title for screens without page data (e.g. 'Search results') */
  title?: string
}

export interface HeadTags {
  title: string
  meta: { name?: string; property?: string; content: string }[]
  links: { rel: string; href: string; type?: string }[]
  schemaScript: string | null
}

const DEFAULT_DESCRIPTION = 'Groceries and daily essentials, delivered.'

const first = (...values: (string | null | undefined)[]) => values.find((v) => typeof v === 'string' && v.trim() !== '')?.trim() ?? ''

/** Spec §9: title, description and keywords come from page SEO, then site SEO, then the website name, then a default. */
export function computeHead({ init, origin, url, page, product, title }: HeadInput): HeadTags {
  const site = init.web.name
  const seo = init.webSeo
  const productTitle = product ? `${product.product_name} | ${site}` : null
  const pageTitle = first(productTitle, page?.seo_title, title ? `${title} | ${site}` : null, seo.og_title, site, 'Online grocery store')
  const description = first(product?.product_description, page?.seo_description, seo.og_description, init.web.description, site, DEFAULT_DESCRIPTION)
  const keywords = first(page?.seo_keyword, seo.meta_keywords, site, 'groceries')
  const image = absolute(origin, imageUrl(product?.medias[0]?.src ?? seo.og_image ?? init.web.logo, 'full'))
  const canonical = canonicalUrl(origin, url)
  return {
    title: pageTitle,
    meta: [
      { name: 'description', content: description },
      { name: 'keywords', content: keywords },
      { property: 'og:title', content: pageTitle },
      { property: 'og:description', content: description },
      { property: 'og:site_name', content: site },
      { property: 'og:image', content: image },
      { property: 'og:url', content: canonical },
      { property: 'og:type', content: product ? 'product' : 'website' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:url', content: canonical },
      { name: 'twitter:title', content: pageTitle },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
      { name: 'theme-color', content: init.activeTheme.colors.primary ?? '#0c7a2a' },
    ],
    links: [
      { rel: 'icon', type: 'image/png', href: imageUrl(init.web.favicon ?? init.web.logo, 'thumb') },
      { rel: 'canonical', href: canonical },
    ],
    schemaScript: page?.schema_script ?? (product ? breadcrumbJsonLd(origin, init.categories, product) : null),
  }
}

const absolute = (origin: string, href: string) => (/^https?:\/\//.test(href) ? href : origin + href)

/** The canonical URL keeps only the query that changes what the page shows, in a fixed order. */
export function canonicalUrl(origin: string, url: string): string {
  const u = new URL(url, origin)
  const keep = new URLSearchParams()
  for (const k of ['q', 'c', 'b', 's', 'page']) {
    const v = u.searchParams.get(k)
    if (v && !(k === 'page' && v === '1')) keep.set(k, v)
  }
  const qs = keep.toString()
  return origin + u.pathname + (qs ? `?${qs}` : '')
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const JSON_LD_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/** JSON-LD with '<', '>', '&', U+2028 and U+2029 as \uXXXX, so a stored '</script>' or '<!--' cannot break out (SECURITY XS-02). */
export const safeJsonLd = (json: string) => json.replace(/[<>&\u2028\u2029]/g, (c) => JSON_LD_ESCAPES[c])

export function headToHtml(tags: HeadTags): string {
  const parts = [`<title>${escapeAttr(tags.title)}</title>`]
  for (const m of tags.meta)
    parts.push(`<meta ${m.name ? `name="${escapeAttr(m.name)}"` : `property="${escapeAttr(m.property ?? '')}"`} content="${escapeAttr(m.content)}" />`)
  for (const l of tags.links) parts.push(`<link rel="${l.rel}" href="${escapeAttr(l.href)}"${l.type ? ` type="${l.type}"` : ''} />`)
  if (tags.schemaScript && isJson(tags.schemaScript)) parts.push(`<script type="application/ld+json">${safeJsonLd(tags.schemaScript)}</script>`)
  return parts.join('\n    ')
}

function isJson(s: string) {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}
