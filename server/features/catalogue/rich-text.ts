import sanitizeHtml from 'sanitize-html'

/** What a product's description and info may hold: text formatting, lists, tables and safe links (SECURITY XS). */
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

/** Sanitised HTML, or null when nothing is left. */
export function cleanRichText(html: string | null | undefined): string | null {
  if (!html) return null
  const clean = sanitizeHtml(html, OPTIONS).trim()
  return clean === '' ? null : clean
}
