import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export const DOCS_PATH = '/s/api/docs'

const DESCRIPTION = `Every call names its website with the x-web-url header (its origin, e.g. http://localhost:3000); without it,
the website is the one the Host header names. A session is the sid cookie (__Host-sid in production) that GET /s/api/cookie
sets together with XSRF-TOKEN; every call that changes something sends that cookie's value back in x-xsrf-token
(docs/decisions/0004-sessions-and-xsrf.md). To try calls here: call GET /s/api/cookie, then Authorize with the XSRF-TOKEN
cookie's value (the browser sends the session cookie itself).`

const securitySchemes = {
  website: { type: 'apiKey', in: 'header', name: 'x-web-url', description: "The website's origin, e.g. http://localhost:3000 (else the Host header's)" },
  session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by GET /s/api/cookie and sign-in (__Host-sid in production)' },
  xsrf: { type: 'apiKey', in: 'header', name: 'x-xsrf-token', description: 'The XSRF-TOKEN cookie, sent back on every call that changes something' },
} as const

type Operation = { operationId?: string; security?: Record<string, string[]>[] }
type Description = { paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> }

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

/**
 * The OpenAPI description of every call (generated from the contracts), and Swagger UI to browse it at /s/api/docs,
 * served from the package (no CDN). A browser asking for /s/api/docs gets the page; any other client the JSON, as
 * before; /s/api/docs/json is always the JSON. Register before the routes: the description is collected as they are.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Storefront API', version: '1.0.0', description: DESCRIPTION },
      components: { securitySchemes },
    },
    transform: jsonSchemaTransform,
    // OpenAPI 3 only (the `openapi` option): a document has `openapiObject`
    transformObject: (doc) => {
      const described = 'openapiObject' in doc ? doc.openapiObject : doc.swaggerObject
      withOperations(described as Description)
      return described
    },
  })
  await app.register(async (docs) => {
    // tools call these, not a website's pages: no website, session or XSRF
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, noSiteContext: true }
    })
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { deepLinking: true, persistAuthorization: true, displayOperationId: true, tryItOutEnabled: false },
      uiHooks: { onRequest: jsonUnlessBrowser(app) },
    })
  })
}

function jsonUnlessBrowser(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    // by the route, never the raw URL (an encoded spelling reaches the same route: docs/decisions/0004)
    const page = req.routeOptions.url?.replace(/\/$/, '') === DOCS_PATH
    if (page && !req.headers.accept?.includes('text/html')) return reply.send(app.swagger())
  }
}

/**
 * Every call gets an operationId (a client generator's function name), derived from its method and path when the
 * route gives none, and the schemes it needs: the website always, a session where there may be one, and the XSRF
 * header with it for every call that changes something.
 */
function withOperations(doc: Description) {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method]
      if (!operation) continue
      operation.operationId ??= operationIdOf(method, path)
      operation.security ??= method === 'get' || method === 'head' ? [{ website: [], session: [] }, { website: [] }] : [{ website: [], session: [], xsrf: [] }]
    }
  }
}

/** `get /s/api/admin/products/{id}/stock` → `getAdminProductsByIdStock` */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/s\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      if (!param) return segment.split(/[^A-Za-z0-9]+/)
      return ['by', ...(param[1] === '*' ? ['path'] : param[1].split(/[^A-Za-z0-9]+/))]
    })
    .filter(Boolean)
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('')
}
