import type { Config } from '../../../config'
import { OtpDeliveryError, otpText, type OtpSender } from './message'

const TIMEOUT_MS = 10_000

/**
 * Twilio Programmable Messaging, as its REST reference documents it: POST
 * {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (Account SID : Auth Token),
 * a form-encoded body with To (E.164), From or MessagingServiceSid, and Body; 201 with the message on success.
 */
export function twilioSender(
  config: Pick<Config, 'TWILIO_BASE_URL' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_MESSAGING_SERVICE_SID'>,
): OtpSender {
  const sid = config.TWILIO_ACCOUNT_SID ?? ''
  const url = `${config.TWILIO_BASE_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`
  const auth = `Basic ${Buffer.from(`${sid}:${config.TWILIO_AUTH_TOKEN ?? ''}`).toString('base64')}`
  return {
    name: 'twilio',
    async send(message) {
      if (message.to.kind !== 'mobile') throw new OtpDeliveryError('twilio', 'only mobile numbers get an SMS')
      const form = new URLSearchParams({ To: `+91${message.to.value}`, Body: otpText(message) })
      if (config.TWILIO_MESSAGING_SERVICE_SID) form.set('MessagingServiceSid', config.TWILIO_MESSAGING_SERVICE_SID)
      else form.set('From', config.TWILIO_FROM ?? '')
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (err) {
        // Network errors carry the request (and so the auth header) in their cause: keep only the kind.
        throw new OtpDeliveryError('twilio', err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not connect')
      }
      if (res.status === 201 || res.status === 200) return
      const body = (await res.json().catch(() => null)) as { code?: unknown } | null
      throw new OtpDeliveryError('twilio', `answered ${res.status}${typeof body?.code === 'number' ? ` (error ${body.code})` : ''}`)
    },
  }
}
