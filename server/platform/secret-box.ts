import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Secrets at rest (payment keys): AES-256-GCM with a random 96-bit nonce per seal, and the record the secret
 * belongs to as additional data, so a sealed value copied into another website's row or column does not open.
 * Stored as `v1.{nonce}.{tag}.{ciphertext}` (base64url). A changed byte anywhere makes `open` throw.
 */
export interface SecretBox {
  seal(plain: string, context: string): string
  open(sealed: string, context: string): string
}

const VERSION = 'v1'

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the settings encryption key must be 32 bytes')
  return {
    seal(plain, context) {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
    },
    open(sealed, context) {
      const [version, nonce, tag, body, ...rest] = sealed.split('.')
      if (version !== VERSION || !nonce || !tag || body === undefined || rest.length) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

/** `SETTINGS_ENCRYPTION_KEY`: 32 bytes, base64 (standard or url-safe). */
export const decodeSettingsKey = (value: string): Buffer | null => {
  const key = Buffer.from(value, 'base64')
  return key.length === 32 ? key : null
}

const KEY_FILE = 'settings-encryption.key'

/**
 * The key in force: the configured one; in tests one derived from the session secret; otherwise (development) a key
 * made once and kept in the data directory, readable by its owner only. Production never gets here without one:
 * config refuses to start.
 */
export function settingsKey(config: { SETTINGS_ENCRYPTION_KEY?: string; NODE_ENV: string; SESSION_SECRET: string; DATA_DIR: string }): Buffer {
  if (config.SETTINGS_ENCRYPTION_KEY) {
    const key = decodeSettingsKey(config.SETTINGS_ENCRYPTION_KEY)
    if (!key) throw new Error('SETTINGS_ENCRYPTION_KEY must be 32 bytes in base64')
    return key
  }
  if (config.NODE_ENV === 'production') throw new Error('SETTINGS_ENCRYPTION_KEY is required in production')
  if (config.NODE_ENV === 'test') return createHash('sha256').update(`settings-encryption:${config.SESSION_SECRET}`).digest()
  const file = path.join(config.DATA_DIR, KEY_FILE)
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true })
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err // another process made it first: use theirs
    }
  }
  chmodSync(file, 0o600)
  const key = decodeSettingsKey(readFileSync(file, 'utf8').trim())
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 key`)
  return key
}
