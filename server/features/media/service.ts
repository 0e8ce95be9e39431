import type { Db, Tx } from '../../db/client'
import type { AppCaches, CachedImage } from '../../platform/cache'
import { placeholderImage } from './generate-image'
import * as queries from './queries'
import { IMAGE_SIZES, type ImageSize, resizeImage } from './resize'

export type ServedImage = CachedImage

/** Originals live in the database; sized variants are made on first request and kept in memory (the images cache's budget). */
export function createImageStore(db: Db, variants: AppCaches['images']) {
  let placeholder: Promise<Buffer> | null = null
  const getPlaceholder = () => (placeholder ??= placeholderImage(400))

  return async function image(path: string, size: ImageSize): Promise<ServedImage> {
    const key = `${size}:${path}`
    return variants.getOrLoad(key, async (): Promise<ServedImage> => {
      const row = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(path) && !path.includes('..') ? await queries.findMedia(db, path) : null
      if (!row) return { bytes: await getPlaceholder(), contentType: 'image/webp', placeholder: true }
      const bytes = size === 'full' ? row.bytes : await resizeImage(row.bytes, IMAGE_SIZES[size])
      return { bytes, contentType: size === 'full' ? row.contentType : 'image/webp', placeholder: false }
    })
  }
}

/** Of these image paths, the ones a website may show: its own uploads and the shared demo images. */
export function usableImagePaths(db: Db | Tx, websiteId: number, paths: string[]): Promise<string[]> {
  return queries.usablePaths(db, websiteId, [...new Set(paths)])
}

/** An image fetched for a website (the catalogue import's image addresses) is checked and kept as an upload is. */
export { uploadMedia } from './upload'
