import { MAX_PIXELS } from './inspect'
import { imageWork, sharp } from './sharp'

/** Widths of the derived variants served for `?size=`; `full` is the original. */
export const IMAGE_SIZES = { thumb: 200, small: 400, medium: 800 } as const
export type ImageSize = keyof typeof IMAGE_SIZES | 'full'

/**
 * Re-encode `input` as WebP at most `width` px wide, keeping the aspect ratio and never enlarging; at the variants'
 * gate (sharp.ts), so only so many are made at once.
 */
export async function resizeImage(input: Buffer, width: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width))
  return imageWork.variants.run(() =>
    sharp(input, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 82, effort: 4 }).toBuffer(),
  )
}
