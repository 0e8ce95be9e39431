import type { CategoryNode } from '../../../common/contracts/catalogue'

/**
 * Category selection over the tree. A selected parent includes all of its children (the server
 * filters a parent slug by the parent and its subcategories), so the selection is kept minimal:
 * a parent's slug replaces its children's slugs, and unticking one child of a ticked parent keeps
 * its siblings.
 */

export const CATEGORY_LINK_PREFIX = '/products?c='

/** Spec §3: a category maps to a nav item linking to /products?c={slug}. */
export const categoryLink = (slug: string) => `${CATEGORY_LINK_PREFIX}${slug}`

/** Spec §2: selected links go into ?c= with the '/products?c=' prefix removed. */
export const slugFromLink = (link: string) => (link.startsWith(CATEGORY_LINK_PREFIX) ? link.slice(CATEGORY_LINK_PREFIX.length) : link)

/** The nodes from the root down to the category with this slug, or [] when it is not in the tree. */
export function categoryPath(tree: CategoryNode[], slug: string): CategoryNode[] {
  for (const node of tree) {
    if (node.slug === slug) return [node]
    const below = categoryPath(node.children, slug)
    if (below.length) return [node, ...below]
  }
  return []
}

export const findCategory = (tree: CategoryNode[], slug: string): CategoryNode | undefined => categoryPath(tree, slug).at(-1)

const descendants = (node: CategoryNode): string[] => node.children.flatMap((c) => [c.slug, ...descendants(c)])

/** Selected itself, or through all of its children (a URL may list every child rather than the parent). */
const covered = (node: CategoryNode, selected: readonly string[]): boolean =>
  selected.includes(node.slug) || (node.children.length > 0 && node.children.every((c) => covered(c, selected)))

/** Ticked: the category or one of its ancestors is selected, or all of its children are. */
export function isCategoryChecked(tree: CategoryNode[], selected: readonly string[], slug: string): boolean {
  const path = categoryPath(tree, slug)
  const node = path.at(-1)
  if (!node) return selected.includes(slug)
  return path.slice(0, -1).some((n) => selected.includes(n.slug)) || covered(node, selected)
}

/** Partly ticked: not ticked itself, but something below it is. */
export function isCategoryIndeterminate(tree: CategoryNode[], selected: readonly string[], node: CategoryNode): boolean {
  return !isCategoryChecked(tree, selected, node.slug) && descendants(node).some((s) => selected.includes(s))
}

export function toggleCategory(tree: CategoryNode[], selected: readonly string[], slug: string): string[] {
  const path = categoryPath(tree, slug)
  const node = path.at(-1)
  if (!node) return selected.includes(slug) ? selected.filter((s) => s !== slug) : [...selected, slug]

  const inside = new Set(descendants(node))
  if (isCategoryChecked(tree, selected, slug)) {
    const at = path.findIndex((n) => selected.includes(n.slug))
    if (at === -1 || at === path.length - 1) return selected.filter((s) => s !== slug && !inside.has(s))
    const next = selected.filter((s) => s !== path[at].slug)
    // Untick one child of a ticked ancestor: the ancestor gives way to the siblings along the path.
    for (let i = at + 1; i < path.length; i++) {
      next.push(...path[i - 1].children.filter((c) => c.slug !== path[i].slug).map((c) => c.slug))
    }
    return next
  }

  let next = [...selected.filter((s) => !inside.has(s)), slug]
  // When every child of a parent is now ticked, the parent stands for them.
  for (let i = path.length - 2; i >= 0; i--) {
    const parent = path[i]
    if (!parent.children.every((c) => next.includes(c.slug))) break
    const kids = new Set(parent.children.map((c) => c.slug))
    next = [...next.filter((s) => !kids.has(s)), parent.slug]
  }
  return next
}

export interface Crumb {
  label: string
  to: string
}

/** Breadcrumbs for a category: each level links to its product list. */
export const categoryCrumbs = (tree: CategoryNode[], slug: string): Crumb[] =>
  categoryPath(tree, slug).map((n) => ({ label: n.name, to: categoryLink(n.slug) }))

/** The same trail as schema.org BreadcrumbList JSON-LD (Home › categories › product), with absolute URLs. */
export function breadcrumbJsonLd(origin: string, tree: CategoryNode[], product: { product_name: string; slug: string; category_slug: string }): string {
  const items = [{ label: 'Home', to: '/' }, ...categoryCrumbs(tree, product.category_slug), { label: product.product_name, to: `/products/${product.slug}` }]
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: origin + c.to })),
  })
}
