import { createRequire } from 'node:module'
import type Sharp from 'sharp'
import { lazyModule } from '../../platform/lazy-module'

const sharp = lazyModule<typeof Sharp>(() => createRequire(import.meta.url)('sharp'))

/** Widths of the derived variants served for `?size=`; `full` is the original. */
export const IMAGE_SIZES = { thumb: 200, small: 400, medium: 800 } as const
export type ImageSize = keyof typeof IMAGE_SIZES | 'full'

/** Re-encode `input` as WebP at most `width` px wide, keeping the aspect ratio and never enlarging. */
export async function resizeImage(input: Buffer, width: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width))
  return sharp(input).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 82, effort: 4 }).toBuffer()
}
