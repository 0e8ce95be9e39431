export const SLUG_MAX = 80

/** 'Basmati Rice & Dal 5%' → 'basmati-rice-and-dal-5'; empty when nothing Latin is left. */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/%/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '')
}
