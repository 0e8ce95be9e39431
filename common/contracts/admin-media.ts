import * as z from 'zod/mini'
import { defineContract } from './http'

/**
 * Uploaded images (docs/decisions/0016-media-uploads.md). The file is the request body itself (any content type:
 * the bytes decide) or the one file of a multipart/form-data body. JPEG, PNG and WebP only, at most 10 MB; stored
 * once per website under a path made from the bytes, served through /cdn/{size}/{path}.
 */

const int = () => z.number().check(z.int())

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024
export const MEDIA_MAX_LABEL = '10 MB'
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]
/** what the file picker offers */
export const MEDIA_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp'

export const UploadedMedia = z.object({
  /** what products, categories and brands keep (`medias[].src`, `avatar`, `logo`) */
  path: z.string(),
  /** the original; `/cdn/thumb/…`, `/cdn/small/…`, `/cdn/medium/…` are the resized copies */
  url: z.string(),
  content_type: z.enum(MEDIA_TYPES),
  width: int(),
  height: int(),
  bytes: int(),
  /** false when this website already had these exact bytes (the same path is answered) */
  created: z.boolean(),
})
export type UploadedMedia = z.infer<typeof UploadedMedia>

export const uploadAdminMedia = defineContract({
  method: 'POST',
  path: '/api/admin/media',
  summary:
    'Admin: uploads an image (the body is the file, or multipart/form-data with one file). JPEG, PNG or WebP, decided from the bytes; at most 10 MB (413); SVG, HTML, empty or damaged files answer 422 on `file`. The same bytes again answer the same path',
  response: UploadedMedia,
})
