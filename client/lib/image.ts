export type ImageSize = 'thumb' | 'small' | 'medium' | 'full'

export const PLACEHOLDER_IMAGE = '/cdn/small/placeholder.webp'

/** Images come from the CDN path with a size prefix for every size but full (spec §7). */
export function imageUrl(src: string | null | undefined, size: ImageSize = 'full'): string {
  if (!src) return PLACEHOLDER_IMAGE
  if (/^(https?:)?\/\//.test(src) || src.startsWith('/')) return src
  return size === 'full' ? `/cdn/${src}` : `/cdn/${size}/${src}`
}
