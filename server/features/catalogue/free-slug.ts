import { slugify } from '../../../common/rules/slug'

/** A name's slug, short enough for a "-12" suffix; `fallback` when the name has nothing Latin. */
export const slugBase = (name: string, fallback: string) => slugify(name).slice(0, 72).replace(/-+$/, '') || fallback

/** `base`, or `base-2`, `base-3`, … when taken. */
export function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}
