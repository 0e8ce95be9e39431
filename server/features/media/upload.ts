import { createHash } from 'node:crypto'
import type { UploadedMedia } from '../../../common/contracts/admin-media'
import { fail, ok, type Result } from '../../platform/result'
import { type StaffWriteCtx, staffWrite } from '../../platform/staff-write'
import { type InspectedImage, inspectImage } from './inspect'
import * as q from './queries'

export interface UploadedFile {
  bytes: Buffer
  /** the name on the uploader's computer, kept in the audit row only */
  name: string | null
}

/**
 * Stores an uploaded image once per website: its path is made from its bytes (`uploads/{website}/{sha256}.{ext}`),
 * so the same file uploaded again answers the same path and adds no row. What it is comes from the bytes alone.
 */
export async function uploadMedia(ctx: StaffWriteCtx, file: UploadedFile): Promise<Result<UploadedMedia>> {
  const inspected = await inspectImage(file.bytes)
  if (!inspected.ok) return inspected
  return ok(await storeMedia(ctx, file, inspected.value))
}

/** An upload whose bytes were inspected already (the upload route decodes it before its transaction). */
export async function storeMedia(ctx: StaffWriteCtx, file: UploadedFile, image: InspectedImage): Promise<UploadedMedia> {
  const path = `uploads/${ctx.site.id}/${createHash('sha256').update(file.bytes).digest('hex')}.${image.ext}`
  const record = { path, content_type: image.contentType, width: image.width, height: image.height, bytes: image.bytes.length }
  return staffWrite(ctx, { action: 'media.upload', entity: 'media', data: file.name ? { name: file.name } : undefined }, async (tx) => {
    const created = await q.insertMediaOnce(tx, {
      path,
      websiteId: ctx.site.id,
      contentType: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
    })
    return { id: path, before: created ? null : record, after: record, result: { ...record, url: `/cdn/${path}`, created } }
  })
}

const NO_FILE = 'Choose a JPEG, PNG or WebP image to upload'

/**
 * The file of an upload request: the body itself, or the first file of a multipart/form-data body (parsed by
 * the platform's own FormData, after the size limit has been applied to the whole body).
 */
export async function fileOfRequest(body: unknown, contentType: string | undefined, nameHeader: string | string[] | undefined): Promise<Result<UploadedFile>> {
  const none = fail('invalid', NO_FILE, { file: NO_FILE })
  if (!Buffer.isBuffer(body)) return body === undefined || body === null ? fail('invalid', 'The file is empty', { file: 'The file is empty' }) : none
  if (/^multipart\/form-data/i.test(contentType ?? '')) {
    let form: FormData
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType! } }).formData()
    } catch {
      return fail('invalid', 'The upload could not be read: send the image as multipart/form-data or as the request body', { file: NO_FILE })
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string')
    if (!file) return none
    return ok({ bytes: Buffer.from(await file.arrayBuffer()), name: cleanName(file.name) })
  }
  return ok({ bytes: body, name: cleanName(typeof nameHeader === 'string' ? safeDecode(nameHeader) : null) })
}

function safeDecode(v: string): string | null {
  try {
    return decodeURIComponent(v)
  } catch {
    return null
  }
}

/** A file name only as a note: printable, at most 200 characters. */
function cleanName(name: string | null): string | null {
  const clean = (name ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it takes out
    .replace(/[\u0000-\u001f\u007f\uD800-\uDFFF]/g, '')
    .trim()
    .slice(0, 200)
  return clean || null
}
