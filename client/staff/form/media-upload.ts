import { MEDIA_MAX_BYTES, MEDIA_MAX_LABEL, type UploadedMedia, uploadAdminMedia } from '../../../common/contracts/admin-media'
import { buildUrl, checkedAnswer, writeHeaders } from '../../lib/api'
import { ApiError } from '../../lib/error-text'

export interface UploadHandle {
  done: Promise<UploadedMedia>
  abort(): void
}

/** What the browser can tell before sending: too big or empty (the server decides what the bytes are). */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return 'The file is empty'
  if (file.size > MEDIA_MAX_BYTES) return `The image is larger than ${MEDIA_MAX_LABEL}`
  return null
}

/**
 * Sends one image to POST /s/api/admin/media as the request body, reporting progress (fetch cannot report upload
 * progress, so this uses XMLHttpRequest). Refusals reject with the server's ApiError (422 on `file`, 413).
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest()
  const url = buildUrl(uploadAdminMedia.path)
  const done = (async () => {
    const problem = fileProblem(file)
    if (problem) throw new ApiError(file.size === 0 ? 422 : 413, { message: problem, errors: { file: problem } })
    const headers = await writeHeaders()
    return new Promise<UploadedMedia>((resolve, reject) => {
      xhr.open('POST', url)
      xhr.withCredentials = true
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)
      xhr.setRequestHeader('content-type', 'application/octet-stream')
      xhr.setRequestHeader('accept', 'application/json')
      xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name))
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
      xhr.onload = () => {
        let body: unknown = xhr.responseText
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null
        } catch {
          /* not JSON: the status says enough */
        }
        try {
          resolve(checkedAnswer(uploadAdminMedia, url, { status: xhr.status, body }))
        } catch (err) {
          reject(err)
        }
      }
      xhr.onerror = () => reject(new ApiError(0, { message: 'The upload did not reach the server: check the connection and try again' }))
      xhr.onabort = () => reject(new ApiError(0, { message: 'Upload cancelled' }))
      xhr.send(file)
    })
  })()
  return { done, abort: () => xhr.abort() }
}
