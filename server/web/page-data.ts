import type { FastifyBaseLogger } from 'fastify'
import { type $ZodType, safeEncode, safeParse } from 'zod/v4/core'
import type { Answer, WireInput } from '../../client/lib/api'
import type { ServerData } from '../../client/lib/server-api'
import type { Contract } from '../../common/contracts/http'
import { AppError } from '../platform/errors'
import type { RequestCtx } from '../platform/request-context'
import type { Read, Reads } from '../platform/route'

/**
 * A page's data: the API's reads (init, product list, product, page), called in-process with the page request's
 * ctx, each answering what its route would answer — no HTTP round trip, so no request counts against the API's
 * rate limit and the page request's website, session and pincode are looked up once.
 */
export function pageData(reads: Reads, ctx: RequestCtx, log: FastifyBaseLogger): ServerData {
  const data: ServerData = {}
  for (const [key, { contract, read }] of reads) {
    const made = (input: WireInput) => answer(contract, read, ctx, input, (err, what) => log.error({ err, call: key }, what))
    data[key] = SHELL_CALLS.has(key) ? (input) => keptShell(ctx, key, () => made(input)) : made
  }
  return data
}

/**
 * Calls whose answer, for a visitor with no session, depends on the website alone: init is the shop's shell (name,
 * theme, header and footer menus, categories, brands, the empty cart) that every page of the website carries.
 */
const SHELL_CALLS = new Set(['GET /api/init'])

/**
 * A shell answer for visitors, made and encoded once per website and staff change: kept with the rendered pages
 * (`pages`), which a staff write drops in every process, and only while the website's row is the one it was made
 * from. A visitor's page then makes only what its URL changes. Signed-in shoppers and sessions get theirs made.
 */
async function keptShell(ctx: RequestCtx, key: string, make: () => Promise<Answer>): Promise<Answer> {
  if (ctx.session || ctx.user) return make()
  let made: Answer | undefined
  try {
    const kept = (await ctx.caches.pages.getOrLoad(ctx.site.id, `shell:${key}`, async () => {
      made = await make()
      if (made.status !== 200) throw made
      return { site: ctx.site, answer: made }
    })) as { site: unknown; answer: Answer }
    return kept.site === ctx.site ? kept.answer : (made ?? (await make()))
  } catch (err) {
    if (made) return made
    throw err
  }
}

const SOMETHING_WENT_WRONG = { status: 500, body: { message: 'Something went wrong' } }
const invalidInput = (message: string) => ({ status: 422, body: { message, code: 'invalid' } })

/** What the route does: input checked by the contract, the read, the answer encoded by the contract, errors as bodies. */
async function answer(
  contract: Contract,
  read: Read<Contract>,
  ctx: RequestCtx,
  wire: WireInput,
  logError: (err: unknown, what: string) => void,
): Promise<Answer> {
  // The router hands a route its path parameters %-decoded; the query string is already plain.
  const params = checked(contract.params, Object.fromEntries(Object.entries(wire.params).map(([k, v]) => [k, decode(v)])))
  const query = checked(contract.query, wire.query)
  if (!params.ok) return invalidInput(params.error)
  if (!query.ok) return invalidInput(query.error)
  try {
    const value = await read(ctx, { params: params.value, query: query.value })
    if (typeof value === 'string') return { status: 200, body: JSON.parse(value) as unknown }
    const encoded = safeEncode(contract.response, value)
    if (!encoded.success) {
      logError(encoded.error, 'response did not match its contract')
      return SOMETHING_WENT_WRONG
    }
    return { status: 200, body: encoded.data }
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: { message: err.message, code: err.kind, errors: err.fieldErrors } }
    logError(err, 'request failed')
    return SOMETHING_WENT_WRONG
  }
}

function checked(schema: $ZodType | undefined, value: Record<string, string>): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!schema) return { ok: true, value: undefined }
  const parsed = safeParse(schema, value)
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid input' }
}

function decode(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
