import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Db } from '../../db/client'
import type { AppCaches } from '../../platform/cache'
import { IMAGE_SIZES, type ImageSize } from './resize'
import { createImageStore, type ServedImage } from './service'

const YEAR = 31_536_000

/** The image "CDN": /cdn/{path} is the original, /cdn/{size}/{path} a resized copy (sizes: thumb, small, medium). */
export function mediaRoutes(app: FastifyInstance, deps: { db: Db; caches: AppCaches }) {
  const image = createImageStore(deps.db, deps.caches.images)
  const send = (reply: FastifyReply, img: ServedImage) =>
    reply
      .header('Content-Type', img.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', img.placeholder ? 'public, max-age=300' : `public, max-age=${YEAR}, immutable`)
      .header('X-Placeholder', img.placeholder ? '1' : '0')
      .send(img.bytes)

  app.get<{ Params: { '*': string } }>('/cdn/*', { schema: { hide: true } }, async (req, reply) => {
    const rest = req.params['*']
    const [first, ...others] = rest.split('/')
    const sized = first in IMAGE_SIZES
    const size: ImageSize = sized ? (first as ImageSize) : 'full'
    return send(reply, await image(sized ? others.join('/') : rest, size))
  })
}
