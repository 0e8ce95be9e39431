import { OutboundFailed, type Outbound } from '../../../platform/outbound'
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

const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/**
 * The providers' addresses are the operator's (WHATSAPP_API_BASE, MSG91_API_BASE; a website sets only ids and keys), so
 * calls go through platform/outbound.ts as the operator's: its cap on the answer read (an answer cut short reads as
 * no answer), no redirect followed, this call's timeout.
 */
export const outboundHttp =
  (outbound: Outbound): MessagesHttp =>
  async (url, init) => {
    try {
      const answer = await outbound.send(url, 'operator', {
        method: init.method,
        headers: init.headers,
        body: init.body === undefined ? undefined : Buffer.from(init.body),
        timeoutMs: init.timeoutMs,
      })
      return { status: answer.status, body: answer.truncated ? null : parsed(answer.body.toString('utf8')) }
    } catch (err) {
      if (err instanceof OutboundFailed && /did not answer/.test(err.message)) throw Object.assign(new Error(err.message), { name: 'TimeoutError' })
      throw err
    }
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
