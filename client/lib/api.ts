import type { $ZodType, input, output } from 'zod/v4/core'
import type { Contract } from '../../common/contracts/http'
import { API_BASE, SITE_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../common/contracts/wire'
import { actingHeaders } from './agent-mode'
import { ApiError } from './error-text'

type In<T> = T extends $ZodType ? input<T> : never
type Out<T> = T extends $ZodType ? output<T> : never
/** A call's answer: its response, or its 202 body when it has one (a call that waits for someone). */
export type AnswerOf<C extends Contract> = Out<C['response']> | Out<C['accepted']>

export interface CallInput<C extends Contract> {
  params?: In<C['params']>
  query?: In<C['query']>
  body?: In<C['body']>
}

/** An answer as the API gives it: its status and its JSON body. */
export interface Answer {
  status: number
  body: unknown
}

/** How a call travels in the browser: fetch. */
export type Transport = (method: string, url: string, body: unknown) => Promise<Answer>

export interface Api {
  call<C extends Contract>(contract: C | LaterContract<C>, input?: CallInput<C>): Promise<AnswerOf<C>>
}

/**
 * A contract whose module loads at its first call. The shopper's first load names its calls this way, so that the
 * contracts' schemas and zod arrive with the first call that needs them, not with the page (issue 31).
 */
export interface LaterContract<C extends Contract> {
  load: () => Promise<C>
}

export function later<C extends Contract>(load: () => Promise<C>): LaterContract<C> {
  let loading: Promise<C> | undefined
  return { load: () => (loading ??= load()) }
}

/** The contract itself, loaded first when it was named by `later`. */
export const contractOf = async <C extends Contract>(contract: C | LaterContract<C>): Promise<C> => ('load' in contract ? contract.load() : contract)

/** A call's input as its URL carries it: named path parameters %-encoded, '*' as given (without a leading /), the query without empty values. */
export interface WireInput {
  params: Record<string, string>
  query: Record<string, string>
}

export function wireInput(params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): WireInput {
  const wire: WireInput = { params: {}, query: {} }
  for (const [k, v] of Object.entries(params)) wire.params[k] = k === '*' ? String(v ?? '').replace(/^\//, '') : encodeURIComponent(String(v ?? ''))
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue
    wire.query[k] = Array.isArray(v) ? v.join(',') : String(v)
  }
  return wire
}

/** '/api/products/:id' + {id: 5} → '/s/api/products/5'; '/api/page/data/*' + {'*': 'about'} → '/s/api/page/data/about' */
export function buildUrl(path: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}) {
  const wire = wireInput(params, query)
  const filled = path.replace(/:([a-zA-Z_]+)/g, (_, k: string) => wire.params[k] ?? '').replace('*', wire.params['*'] ?? '')
  const qs = new URLSearchParams(wire.query).toString()
  return API_BASE + filled + (qs ? `?${qs}` : '')
}

/**
 * One client for every call: answers are checked against the contract (spec §5: a failing check is an error),
 * non-2xx answers throw ApiError carrying the server's body.
 */
export function createApi(transport: Transport): Api {
  return {
    async call<C extends Contract>(named: C | LaterContract<C>, input: CallInput<C> = {}): Promise<AnswerOf<C>> {
      const contract = await contractOf(named)
      const url = buildUrl(contract.path, input.params as Record<string, unknown>, input.query as Record<string, unknown>)
      return checkedAnswer(contract, url, await transport(contract.method, url, input.body))
    },
  }
}

export function checkedAnswer<C extends Contract>(contract: C, url: string, res: Answer): AnswerOf<C> {
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, res.body)
  // The schema's own check (Standard Schema's validate): no import of zod's parser here, so the page's first load has none.
  const schema = res.status === 202 && contract.accepted ? contract.accepted : contract.response
  const checked = schema['~standard'].validate(res.body)
  if (checked instanceof Promise || checked.issues)
    throw new ApiError(500, { message: "There's been an error, please try again." }, `Unexpected answer from ${url}`)
  return checked.value as AnswerOf<C>
}

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null
}

let cookieRequest: Promise<unknown> | null = null

/** The headers of a call that changes something: x-web-url and the XSRF token (fetched first when the cookie is missing). */
export async function writeHeaders(): Promise<Record<string, string>> {
  if (!readCookie(XSRF_COOKIE)) {
    cookieRequest ??= fetch(`${API_BASE}/api/cookie`, { credentials: 'include', headers: { [SITE_HEADER]: window.location.origin } }).finally(
      () => (cookieRequest = null),
    )
    await cookieRequest
  }
  return { [SITE_HEADER]: window.location.origin, [XSRF_HEADER]: readCookie(XSRF_COOKIE) ?? '' }
}

/** Spec §7: credentials, x-web-url, and for any non-GET call an XSRF token (fetched first when the cookie is missing). */
export const browserTransport: Transport = async (method, url, body) => {
  const headers = await requestHeaders(method, url)
  if (body !== undefined) headers['content-type'] = 'application/json'
  return answerOf(await fetch(url, { method, credentials: 'include', headers, body: body === undefined ? undefined : JSON.stringify(body) }))
}

/** A file as a call's whole body (a CSV import), with the headers of any other call. */
export async function uploadFile(url: string, file: Blob, contentType: string): Promise<Answer> {
  const headers = await requestHeaders('POST', url)
  headers['content-type'] = contentType
  return answerOf(await fetch(url, { method: 'POST', credentials: 'include', headers, body: file }))
}

async function requestHeaders(method: string, url: string): Promise<Record<string, string>> {
  let headers: Record<string, string> = { [SITE_HEADER]: window.location.origin, accept: 'application/json', ...actingHeaders() }
  if (
    method !== 'GET' ||
    url.startsWith(`${API_BASE}/api/check/pincode/`) ||
    url === `${API_BASE}/api/remove/coupon` ||
    url === `${API_BASE}/api/auth/logout`
  ) {
    headers = { ...headers, ...(await writeHeaders()) }
  }
  return headers
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    /* a plain-text body stays text (spec §8 reads strings first) */
  }
  return { status: res.status, body: parsed }
}
