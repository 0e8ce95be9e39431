import sanitizeHtml from 'sanitize-html'
import { classifyLink } from '../../common/rules/links'

/**
 * What staff-written rich text may hold (SECURITY XS-03/04): text formatting, lists, tables and safe links. No
 * scripts, styles, event handlers, frames, forms, images or SVG; links only http(s), mailto and tel (entities,
 * case and whitespace in the scheme are decoded by the parser before the check).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
}

/**
 * A page's rich-text block may also have the page's heading (the starter home page's "Welcome to …"); its links
 * follow spec §2's link rule (`/…`, `http(s)://…`, `www.…`, plus mailto: and tel:): any other href is dropped.
 */
const PAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: ['h1', ...(OPTIONS.allowedTags as string[])],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs
      const target = classifyLink(href)
      const kept = target.kind === 'external' ? target.href : target.kind === 'internal' ? target.to : /^(mailto|tel):\S+$/i.test(href ?? '') ? href : undefined
      return { tagName, attribs: { ...rest, ...(kept ? { href: kept } : {}), rel: 'noopener noreferrer nofollow' } }
    },
  },
}

/** Sanitised HTML, or null when nothing is left (a product's description and info). */
export function cleanRichText(html: string | null | undefined): string | null {
  if (!html) return null
  const clean = sanitizeHtml(html, OPTIONS).trim()
  return clean === '' ? null : clean
}

/** A page's rich text, sanitised on save and again on render. */
export const cleanPageHtml = (html: string): string => sanitizeHtml(html, PAGE_OPTIONS).trim()
