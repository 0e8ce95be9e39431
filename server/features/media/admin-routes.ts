import type { FastifyInstance } from 'fastify'
import { MEDIA_MAX_BYTES, MEDIA_MAX_LABEL, uploadAdminMedia } from '../../../common/contracts/admin-media'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import { type InspectedImage, inspectImage } from './inspect'
import { fileOfRequest, storeMedia, type UploadedFile } from './upload'

/** Room for a multipart body's boundaries and headers around a file of the largest size. */
const MULTIPART_ROOM = 64 * 1024

declare module 'fastify' {
  interface FastifyRequest {
    /** an upload's file and what its bytes are, read before the call's transaction opens */
    mediaUpload?: { file: UploadedFile; image: InspectedImage }
  }
}

/**
 * Staff uploads (docs/decisions/0016-media-uploads.md): guarded before the body is read, like every staff call. The
 * picture is decoded after the guard and before the call's transaction (a preHandler): its turn at the process's
 * image gate (sharp.ts) is waited for without holding a database connection.
 */
export function mediaAdminRoutes(app: FastifyInstance) {
  return app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => {
      const file = orThrow(await fileOfRequest(req.body, req.headers['content-type'], req.headers['x-file-name']))
      req.mediaUpload = { file, image: orThrow(await inspectImage(file.bytes)) }
    })
    await staffRoutes(
      scope,
      {
        tag: 'admin',
        permission: { any: ['catalogue', 'website'] },
        fileBody: { limit: MEDIA_MAX_BYTES + MULTIPART_ROOM, tooLarge: `The image is larger than ${MEDIA_MAX_LABEL}` },
      },
      (staff) => {
        staff.write(uploadAdminMedia, async (req, ctx) => {
          const { file, image } = req.mediaUpload!
          return storeMedia(ctx, file, image)
        })
      },
    )
  })
}
