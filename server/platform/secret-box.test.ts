import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox, decodeSettingsKey, settingsKey } from './secret-box'

describe('sealed secrets (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32))
  const secret = 'rzp_secret_Abc123XyZ'

  it('opens what it sealed, with a new nonce each time and nothing of the secret in the sealed text', () => {
    const a = box.seal(secret, 'payment_settings:1:razorpayKeySecret')
    const b = box.seal(secret, 'payment_settings:1:razorpayKeySecret')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(a).not.toContain(secret)
    expect(box.open(a, 'payment_settings:1:razorpayKeySecret')).toBe(secret)
  })

  it('refuses a changed byte anywhere, another record’s context and another key', () => {
    const sealed = box.seal(secret, 'payment_settings:1:razorpayKeySecret')
    const parts = sealed.split('.')
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i], 'base64url')
      bytes[0] ^= 1
      const tampered = parts.map((p, j) => (j === i ? bytes.toString('base64url') : p)).join('.')
      expect(() => box.open(tampered, 'payment_settings:1:razorpayKeySecret'), `part ${i}`).toThrow()
    }
    expect(() => box.open(sealed, 'payment_settings:2:razorpayKeySecret')).toThrow()
    expect(() => box.open(sealed, 'payment_settings:1:cashfreeClientSecret')).toThrow()
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'payment_settings:1:razorpayKeySecret')).toThrow()
    expect(() => box.open('not sealed', 'x')).toThrow(/not a sealed secret/)
  })

  it('takes a 32-byte base64 key; in tests derives one from the session secret; refuses production without one', () => {
    expect(decodeSettingsKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32)
    expect(decodeSettingsKey(Buffer.alloc(16, 1).toString('base64'))).toBeNull()
    const test = { NODE_ENV: 'test', SESSION_SECRET: 'a-test-session-secret', DATA_DIR: '/nonexistent' }
    expect(settingsKey(test)).toEqual(settingsKey(test))
    expect(settingsKey(test)).not.toEqual(settingsKey({ ...test, SESSION_SECRET: 'another-session-secret' }))
    expect(() => settingsKey({ ...test, NODE_ENV: 'production' })).toThrow(/required in production/)
  })
})
