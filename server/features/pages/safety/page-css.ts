import * as csstree from 'css-tree'
import { PAGE_CSS_SCOPE } from '../../../../common/contracts/admin-pages'

/**
 * A page's own CSS (spec §3 `css`), made safe to put in a <style> element on the storefront (SECURITY XS-01):
 * parsed with a real CSS parser (css-tree), every selector scoped to the page's content (`html`, `body` and
 * `:root` become the content box itself), and everything that can load, run or escape dropped:
 * `@import` and every at-rule but @media, @supports, @container, @layer, @keyframes and @font-face; `url()` that
 * is not a same-site path; `expression()`, `image-set()`, `behavior`, `-moz-binding`, `javascript:`;
 * `position: fixed` (it would cover the shop's own header or checkout button); custom properties that hide any
 * of these. CSS escapes are decoded before the checks (`\65xpression(`). Finally `</` and `<!` become `\3c /`,
 * `\3c !`, so no text can close the style element.
 */
export function cleanPageCss(css: string): string {
  if (css.trim() === '') return ''
  const ast = csstree.parse(css, { parseCustomProperty: false }) as csstree.StyleSheet
  cleanRules(ast.children, true)
  return csstree.generate(ast).replace(/<(?=[/!])/g, '\\3c ')
}

const GROUPING = new Set(['media', 'supports', 'container', 'layer'])
const DROP_PROPERTIES = /^(behavior|-ms-behavior|-moz-binding|binding)$/
const DANGEROUS = /expression\(|javascript:|vbscript:|image-set\(|-moz-binding|behavior|\bsrc\(|element\(|paint\(|@import/

function cleanRules(list: csstree.List<csstree.CssNode>, scoped: boolean) {
  list.forEach((node, item) => {
    if (node.type === 'Rule') {
      if (scoped) node.prelude = scopeSelectors(node.prelude)
      cleanDeclarations(node.block.children)
      return
    }
    if (node.type === 'Atrule' && node.block) {
      const name = csstree.keyword(node.name).basename.toLowerCase()
      if (GROUPING.has(name) && !hasDangerous(node.prelude)) return cleanRules(node.block.children, scoped)
      if (name === 'keyframes' && !hasDangerous(node.prelude)) return cleanKeyframes(node.block.children)
      if (name === 'font-face') return cleanDeclarations(node.block.children)
    }
    // @import, @charset, @namespace, @page, anything unparsable (Raw), stray declarations, <!-- -->
    list.remove(item)
  })
}

function cleanKeyframes(list: csstree.List<csstree.CssNode>) {
  list.forEach((node, item) => {
    if (node.type === 'Rule') cleanDeclarations(node.block.children)
    else list.remove(item)
  })
}

function cleanDeclarations(list: csstree.List<csstree.CssNode>) {
  list.forEach((node, item) => {
    if (node.type !== 'Declaration' || !safeDeclaration(node)) list.remove(item)
  })
}

function safeDeclaration(decl: csstree.Declaration): boolean {
  const property = decode(decl.property).toLowerCase()
  if (DROP_PROPERTIES.test(property)) return false
  const text = decode(csstree.generate(decl.value)).toLowerCase().replace(/\s+/g, '')
  if (DANGEROUS.test(text)) return false
  if (property === 'position' && text.includes('fixed')) return false
  // every url() must be a parsed Url node pointing at this site; one hidden in a custom property or string is dropped
  const urls = csstree.findAll(decl.value, (n) => n.type === 'Url') as csstree.Url[]
  const written = text.split('url(').length - 1
  return written === urls.length && urls.every((u) => sameSite(u.value))
}

function hasDangerous(prelude: csstree.AtrulePrelude | csstree.Raw | null): boolean {
  return prelude !== null && /url\(|expression\(|javascript:/.test(decode(csstree.generate(prelude)).toLowerCase().replace(/\s+/g, ''))
}

const sameSite = (url: string) => {
  const u = url.trim()
  return u.startsWith('/') && u[1] !== '/' && u[1] !== '\\' && !/[\\\s]/.test(u)
}

/** CSS escapes (`\65 `, `\e`) to the characters they stand for; comments out. */
const decode = (s: string) =>
  s
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd))
    .replace(/\\(.)/g, '$1')

const SCOPED = new RegExp(`^${PAGE_CSS_SCOPE.replace(/[[\]-]/g, '\\$&')}(?=$|[\\s>+~.:#[])\\s*`)

/** `a, body .x, :root` → `S a, S .x, S`, each selector parsed, not pasted together; `S a` stays `S a`. */
function scopeSelectors(prelude: csstree.SelectorList | csstree.Raw): csstree.SelectorList | csstree.Raw {
  if (prelude.type === 'Raw') return csstree.parse(PAGE_CSS_SCOPE, { context: 'selectorList' }) as csstree.SelectorList
  const scoped = prelude.children.toArray().map((selector) => {
    const own = csstree
      .generate(selector)
      // already scoped (a saved draft saved again, the editor's preview): scoped once, not twice
      .replace(SCOPED, '')
      .replace(/^(?::root|html|body)(?=$|[\s>+~.:#[])\s*(?:(?:>\s*)?(?:body)(?=$|[\s>+~.:#[])\s*)?/i, '')
    if (own === '') return PAGE_CSS_SCOPE
    return /^[>+~]/.test(own) ? `${PAGE_CSS_SCOPE}${own}` : `${PAGE_CSS_SCOPE} ${own}`
  })
  return csstree.parse(scoped.join(','), { context: 'selectorList' }) as csstree.SelectorList
}
