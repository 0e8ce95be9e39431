import { describe, expect, it } from 'vitest'
import type { MessagesHttp } from './http'
import { sendMsg91 } from './msg91'
import { sendWhatsApp } from './whatsapp'

type Seen = { url: string; init: Parameters<MessagesHttp>[1] }
function fakeHttp(answer: { status: number; body: unknown }) {
  const seen: Seen[] = []
  const http: MessagesHttp = async (url, init) => {
    seen.push({ url, init })
    return answer
  }
  return { seen, http }
}

const wa = { apiBase: 'https://graph.facebook.com', version: 'v21.0', phoneNumberId: '106540352242922', accessToken: 'EAAsecret-token', language: 'en' }
const sms = {
  apiBase: 'https://control.msg91.com',
  authKey: 'msg91-secret-key',
  senderId: 'KRANAF',
  templateIds: { sign_in_code: '1107161234567890001', delivered: '1107161234567890002' },
}

describe("the providers' request shapes (as their references document them)", () => {
  it('WhatsApp: an authentication template with the code in the body and the copy-code button (url, index 0)', async () => {
    const { seen, http } = fakeHttp({
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: '919876500003', wa_id: '919876500003' }], messages: [{ id: 'wamid.HBgM' }] },
    })
    expect(await sendWhatsApp(http, wa, 1000, { to: '9876500003', templateName: 'kf_login_code', template: 'sign_in_code', vars: { code: '482913' } })).toEqual(
      { id: 'wamid.HBgM' },
    )
    const [req] = seen
    expect(req.url).toBe('https://graph.facebook.com/v21.0/106540352242922/messages')
    expect(req.init.method).toBe('POST')
    expect(req.init.headers.authorization).toBe('Bearer EAAsecret-token')
    expect(JSON.parse(req.init.body!)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876500003',
      type: 'template',
      template: {
        name: 'kf_login_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    })
  })

  it('WhatsApp: a utility template has body parameters in the registered order and no button; an error names its code only', async () => {
    const { seen, http } = fakeHttp({ status: 200, body: { messages: [{ id: 'wamid.X' }] } })
    const vars = { shop: 'Kirana Fresh', order: 'KF-12', rider: 'Ravi', rider_phone: '9876500010' }
    await sendWhatsApp(http, wa, 1000, { to: '9876500003', templateName: 'out_for_delivery', template: 'out_for_delivery', vars })
    expect(JSON.parse(seen[0].init.body!).template.components).toEqual([
      { type: 'body', parameters: ['Kirana Fresh', 'KF-12', 'Ravi', '9876500010'].map((text) => ({ type: 'text', text })) },
    ])
    const refused = fakeHttp({ status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } })
    const err = await sendWhatsApp(refused.http, wa, 1000, {
      to: '9876500003',
      templateName: 'delivered',
      template: 'delivered',
      vars: { shop: 'K', order: 'KF-1' },
    }).catch((e: Error) => e)
    expect(String(err)).toBe('MessageSendError: whatsapp: answered 400 (error 131026)')
    expect(String(err)).not.toMatch(/EAAsecret|9876500003/)
    const down: MessagesHttp = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { cause: { headers: { authorization: 'Bearer EAAsecret-token' } } })
    }
    expect(
      String(
        await sendWhatsApp(down, wa, 1000, { to: '9876500003', templateName: 'delivered', template: 'delivered', vars: { shop: 'K', order: 'KF-1' } }).catch(
          (e: Error) => e,
        ),
      ),
    ).toBe('MessageSendError: whatsapp: could not connect')
  })

  it('MSG91 Flow: authkey header, template_id (the DLT template), sender, recipients with mobiles 91… and VAR1…', async () => {
    const { seen, http } = fakeHttp({ status: 200, body: { type: 'success', message: '5762846b4f8d285d378b4567' } })
    expect(await sendMsg91(http, sms, 1000, { to: '9876500003', template: 'delivered', vars: { shop: 'Kirana Fresh', order: 'KF-12' } })).toEqual({
      id: '5762846b4f8d285d378b4567',
      templateId: '1107161234567890002',
    })
    expect(seen[0].url).toBe('https://control.msg91.com/api/v5/flow')
    expect(seen[0].init.headers.authkey).toBe('msg91-secret-key')
    expect(JSON.parse(seen[0].init.body!)).toEqual({
      template_id: '1107161234567890002',
      sender: 'KRANAF',
      short_url: '0',
      recipients: [{ mobiles: '919876500003', VAR1: 'Kirana Fresh', VAR2: 'KF-12' }],
    })
  })

  it('MSG91 OTP: POST /api/v5/otp with template_id, mobile and otp; no DLT id, no send', async () => {
    const { seen, http } = fakeHttp({ status: 200, body: { type: 'success', request_id: '3763646c3058373530393938' } })
    await sendMsg91(http, sms, 1000, { to: '9876500003', template: 'sign_in_code', vars: { code: '482913' } })
    const url = new URL(seen[0].url)
    expect(url.pathname).toBe('/api/v5/otp')
    expect(Object.fromEntries(url.searchParams)).toEqual({ template_id: '1107161234567890001', mobile: '919876500003', otp: '482913' })
    const none = await sendMsg91(http, sms, 1000, { to: '9876500003', template: 'cancelled', vars: { shop: 'K', order: 'KF-1' } }).catch((e: Error) => e)
    expect(String(none)).toBe('MessageSendError: msg91: no DLT template id for cancelled')
    expect(seen).toHaveLength(1)
  })
})
