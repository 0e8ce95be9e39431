import { pathTo, type PathParams } from '../lib/paths'
import type { StaffPattern } from './staff-screens'

type Search = URLSearchParams | string
type Rest<P extends string> = P extends `${string}:${string}` ? [params: PathParams<P>, search?: Search] : [search?: Search]

/**
 * A link to a staff screen by its address in the table (staff-screens.ts): staffPath('/bos/admin/products/:id', { id })
 * → '/bos/admin/products/12'. Typed by the table, so a link cannot point at a screen that does not exist; the table is
 * only named as a type, so the screens that link to each other do not import the table that loads them.
 */
export function staffPath<P extends StaffPattern>(pattern: P, ...rest: Rest<P>): string {
  const [params, search] = pattern.includes(':') ? (rest as [PathParams<P>, Search?]) : [{} as PathParams<P>, rest[0] as Search | undefined]
  return pathTo(pattern, params, search)
}
