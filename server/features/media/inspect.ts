import { MEDIA_MAX_BYTES, MEDIA_MAX_LABEL, type MediaType } from '../../../common/contracts/admin-media'
import { fail, ok, type Result } from '../../platform/result'
import { imageWork, sharp } from './sharp'

/** Larger pictures are refused before they are decoded (a small file can unpack into gigabytes of pixels). */
export const MAX_PIXELS = 50_000_000

export interface InspectedImage {
  contentType: MediaType
  ext: 'jpg' | 'png' | 'webp'
  width: number
  height: number
  /** the bytes to keep: the upload itself, or a copy without its EXIF, XMP or IPTC data */
  bytes: Buffer
}

const KINDS: { type: MediaType; ext: InspectedImage['ext']; format: string; is: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', ext: 'jpg', format: 'jpeg', is: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', ext: 'png', format: 'png', is: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  {
    type: 'image/webp',
    ext: 'webp',
    format: 'webp',
    is: (b) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
]

const NOT_AN_IMAGE = 'This file is not a JPEG, PNG or WebP image'

/** Text that starts like markup: an SVG gets its own message. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
  return head.startsWith('<') && /<svg[\s>]/.test(head)
}

/**
 * What an uploaded file really is, from its bytes alone (never its name or declared type): the magic number
 * names JPEG, PNG or WebP, and sharp must decode every pixel of it in that format without a warning (a cut-off
 * or damaged file fails here). Anything else is a 422 on `file`; too many bytes a 413. The decoding takes its turn
 * at the process's image gate (sharp.ts): more pictures than it holds answer busy (503 with Retry-After).
 */
export async function inspectImage(bytes: Buffer): Promise<Result<InspectedImage>> {
  const refuse = (message: string) => fail('invalid', message, { file: message })
  if (bytes.length === 0) return refuse('The file is empty')
  if (bytes.length > MEDIA_MAX_BYTES)
    return fail('too_large', `The image is larger than ${MEDIA_MAX_LABEL}`, { file: `The image is larger than ${MEDIA_MAX_LABEL}` })
  const kind = KINDS.find((k) => k.is(bytes))
  if (!kind) return refuse(looksLikeSvg(bytes) ? 'SVG images are not accepted (they can carry scripts): upload a JPEG, PNG or WebP' : NOT_AN_IMAGE)
  return imageWork.decodes.run(() => decoded(bytes, kind))
}

async function decoded(bytes: Buffer, kind: (typeof KINDS)[number]): Promise<Result<InspectedImage>> {
  const refuse = (message: string) => fail('invalid', message, { file: message })
  try {
    const options = { failOn: 'warning', limitInputPixels: MAX_PIXELS } as const
    const meta = await sharp(bytes, options).metadata()
    if (meta.format !== kind.format || !meta.width || !meta.height) return refuse(NOT_AN_IMAGE)
    await sharp(bytes, options).stats()
    if (!meta.exif && !meta.xmp && !meta.iptc) return ok({ contentType: kind.type, ext: kind.ext, width: meta.width, height: meta.height, bytes })
    return ok({ contentType: kind.type, ext: kind.ext, ...(await withoutMetadata(bytes, kind.format)) })
  } catch (err) {
    const message =
      err instanceof Error && /pixel limit/i.test(err.message)
        ? `The image is too large: at most ${MAX_PIXELS / 1_000_000} megapixels`
        : `This ${kind.ext === 'jpg' ? 'JPEG' : kind.ext.toUpperCase()} file is damaged or cut off: it cannot be read`
    return refuse(message)
  }
}

/**
 * A phone photo carries where and when it was taken: the copy we keep and serve (the original at `/cdn/{path}`
 * too) has none of it, turned upright as its orientation tag said.
 */
async function withoutMetadata(bytes: Buffer, format: string) {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    // a JPEG without optimised Huffman tables: optimising keeps every coefficient of the picture in memory (300 MB
    // for 49 megapixels, against 30 MB), for a file a few per cent smaller
    .toFormat(format as 'jpeg' | 'png' | 'webp', format === 'png' ? {} : format === 'jpeg' ? { quality: 92, optimiseCoding: false } : { quality: 92 })
    .toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, bytes: data }
}
