import { IMPORT_MAX_IMAGES } from '../../../common/contracts/admin-catalogue-csv'
import { MEDIA_MAX_BYTES, MEDIA_MAX_LABEL } from '../../../common/contracts/admin-media'
import { type Outbound, OutboundRefused } from '../../platform/outbound'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffWriteCtx } from '../../platform/staff-write'
import { uploadMedia } from '../media/service'
import { restore } from './csv-cells'
import { norm } from './csv-header'
import { type FetchedImages, type ImageOutcome, imageUrlsOf } from './csv-image-urls'
import type { CsvFile } from './csv-read'

/**
 * The file's image addresses (the `Image URLs` column), fetched when the file is previewed (issue 29): through the
 * outbound calls a website's staff can set (platform/outbound.ts, decision 0042), so only public addresses are
 * reached (checked on the address the name resolves to when connecting), no redirect is followed, and at most the
 * upload limit is read; the bytes are then checked and kept exactly as an upload is (media's `uploadMedia`: JPEG,
 * PNG or WebP by their bytes, decoded whole, metadata taken off). Each address ends as the image's path or as the
 * reason it cannot be used, a problem on every row that names it. The outcomes are kept with the import, so apply
 * fetches nothing.
 */

/** How many addresses are fetched at once, and how long each may take. */
const AT_ONCE = 4
const FETCH_MS = 10_000
const URL_MAX = 2000

export async function fetchImages(ctx: StaffWriteCtx, outbound: Outbound, file: CsvFile): Promise<Result<FetchedImages>> {
  const column = file.header.findIndex((h) => ['image urls', 'image_urls'].includes(norm(restore(h).replace(/^\uFEFF/, ''))))
  if (column < 0) return ok({})
  const urls = [...new Set(file.rows.flatMap((r) => imageUrlsOf(restore(r.cells[column] ?? ''))))]
  if (urls.length > IMPORT_MAX_IMAGES) {
    const message = `The file names ${urls.length.toLocaleString('en-IN')} image addresses: at most ${IMPORT_MAX_IMAGES} in one file, split it`
    return fail('invalid', message, { file: message })
  }
  const images: FetchedImages = {}
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]
      images[url] = await fetchImage(ctx, outbound, url)
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, urls.length) }, worker))
  return ok(images)
}

async function fetchImage(ctx: StaffWriteCtx, outbound: Outbound, url: string): Promise<ImageOutcome> {
  if (url.length > URL_MAX || !/^https?:\/\/[^/]/i.test(url)) return { problem: 'An image address starts with https:// (or http://)' }
  let answer: Awaited<ReturnType<Outbound['send']>>
  try {
    answer = await outbound.send(
      url,
      {},
      { method: 'GET', headers: { accept: 'image/webp,image/png,image/jpeg' }, timeoutMs: FETCH_MS, maxAnswerBytes: MEDIA_MAX_BYTES + 1 },
    )
  } catch (err) {
    if (err instanceof OutboundRefused)
      return {
        problem:
          err.reason === 'not_public'
            ? 'This address is on a private network or this machine: images are fetched from public addresses only'
            : 'An image address starts with https:// (or http://)',
      }
    // What the other side said is never passed on (SECURITY.md B.9): only that it did not answer.
    return { problem: 'The image could not be fetched: its address did not answer' }
  }
  if (answer.status >= 300 && answer.status < 400) return { problem: 'The address sends elsewhere: give the image’s own address' }
  if (answer.status !== 200) return { problem: `The address answered ${answer.status}, not an image` }
  if (answer.truncated) return { problem: `The image is larger than ${MEDIA_MAX_LABEL}` }
  const stored = await uploadMedia(ctx, { bytes: answer.body, name: url.slice(0, 200) })
  if (!stored.ok) return { problem: stored.message }
  return { path: stored.value.path }
}
