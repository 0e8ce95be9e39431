/** How a provider client reaches its API: fetch, or (the simulator inside this app) the app itself. */
export type MessagesHttp = (
  url: string,
  init: { method: 'POST' | 'GET'; headers: Record<string, string>; body?: string; timeoutMs: number },
) => Promise<{ status: number; body: unknown }>

/** A provider's refusal or a failed call, reduced to what is safe to log: never a key, a code, a number or a text. */
export class MessageSendError extends Error {
  constructor(
    readonly provider: 'whatsapp' | 'msg91',
    readonly code: string,
    detail: string,
  ) {
    super(`${provider}: ${detail}`)
    this.name = 'MessageSendError'
  }
}

export const fetchHttp: MessagesHttp = async (url, init) => {
  const res = await fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(init.timeoutMs), redirect: 'error' })
  const text = await res.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  return { status: res.status, body }
}

/** The call, with network failures turned into MessageSendError (their cause carries the request and its headers). */
export async function call(http: MessagesHttp, provider: MessageSendError['provider'], url: string, init: Parameters<MessagesHttp>[1]) {
  try {
    return await http(url, init)
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    throw new MessageSendError(provider, timedOut ? 'timeout' : 'network', timedOut ? 'timed out' : 'could not connect')
  }
}
