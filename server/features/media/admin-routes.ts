import type { FastifyInstance } from 'fastify'
import { MEDIA_MAX_BYTES, MEDIA_MAX_LABEL, uploadAdminMedia } from '../../../common/contracts/admin-media'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import { fileOfRequest, uploadMedia } from './upload'

/** Room for a multipart body's boundaries and headers around a file of the largest size. */
const MULTIPART_ROOM = 64 * 1024

/** Staff uploads (docs/decisions/0016-media-uploads.md): guarded before the body is read, like every staff call. */
export function mediaAdminRoutes(app: FastifyInstance) {
  return staffRoutes(
    app,
    {
      tag: 'admin',
      permission: { any: ['catalogue', 'website'] },
      fileBody: { limit: MEDIA_MAX_BYTES + MULTIPART_ROOM, tooLarge: `The image is larger than ${MEDIA_MAX_LABEL}` },
    },
    (staff) => {
      staff.write(uploadAdminMedia, async (req, ctx) => {
        const file = orThrow(await fileOfRequest(req.body, req.headers['content-type'], req.headers['x-file-name']))
        return orThrow(await uploadMedia(ctx, file))
      })
    },
  )
}
