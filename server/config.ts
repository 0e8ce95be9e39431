import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import * as z from 'zod/mini'
import { decodeSettingsKey } from './platform/secret-box'
import { StartError } from './platform/start-error'
import { MessagesEnv, type MessagesMode, messagesDefaults, messagesProductionProblems, messagesSetupProblems } from './platform/messages-config'
import { PaymentsEnv, paymentDefaults, paymentProductionProblems, paymentSetupProblems, type PaymentsMode } from './platform/payments-config'

/** The only reader of process.env (STYLE rule 11). */
const port = z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))

const Env = z.object({
  NODE_ENV: z._default(z.enum(['development', 'test', 'production']), 'development'),
  PORT: z._default(port, 3000),
  HOST: z._default(z.string(), '127.0.0.1'),
  /** postgres://… or postgresql://…; `pglite`: the embedded database in DATA_DIR (the default outside production); `memory://`: an embedded one that keeps nothing */
  DATABASE_URL: z.optional(
    z.string().check(z.refine(isDatabaseUrl, 'must be postgres://… or postgresql://…, pglite (the embedded database in DATA_DIR) or memory://')),
  ),
  // PostgreSQL through a transaction pooler (PgBouncer at DATABASE_URL): the direct address, for LISTEN and the migration lock
  DATABASE_SESSION_URL: z.optional(z.string().check(z.refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be postgres://… or postgresql://…'))),
  // connections this process keeps to PostgreSQL (DATABASE_URL) at most
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 10),
  DATA_DIR: z._default(z.string(), './data'),
  PGLITE_TEMPLATE: z.optional(z.string()),
  REDIS_URL: z.optional(z.string()),
  /** PostgreSQL: the longest one statement may run (default 10000; server/db/client.ts) */
  DB_STATEMENT_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
  /** PostgreSQL: the longest a statement waits for a row another transaction holds (default 5000; 0: no limit) */
  DB_LOCK_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
  /** the reverse proxy whose X-Forwarded-For/-Proto/-Host are believed: a hop count, or its addresses and CIDR ranges; unset: none */
  TRUST_PROXY: z.optional(
    z.pipe(
      z.string().check(z.refine(isTrustProxy, 'must be a hop count (1) or addresses and CIDR ranges separated by commas (127.0.0.1,10.0.0.0/8)')),
      z.transform(parseTrustProxy),
    ),
  ),
  SESSION_SECRET: z._default(z.string().check(z.minLength(16)), 'demo-session-secret-change-me-in-production'),
  AUTH_FIXED_OTP: z.optional(z.string().check(z.regex(/^\d{6}$/))),
  /** seals secrets kept in the database (payment keys): 32 bytes, base64; required in production (platform/secret-box.ts) */
  SETTINGS_ENCRYPTION_KEY: z.optional(z.string().check(z.refine((v) => decodeSettingsKey(v) !== null, 'must be 32 bytes in base64'))),
  // Payments (PAYMENTS.md D.5): mode, keys, simulator addresses, timeouts.
  ...PaymentsEnv,
  // Messages to phones (issue #32): WhatsApp Business and MSG91 SMS, or their simulator.
  ...MessagesEnv,
  // Checkout (issue #5): how long an unpaid online order holds its stock, slot and coupon; background job intervals.
  PAYMENT_HOLD_MINUTES: z._default(z.coerce.number().check(z.int(), z.gt(0)), 15),
  /** a payment link a sales agent sends holds the order's stock, slot and coupon this long (docs/decisions/0034) */
  PAYMENT_LINK_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(16)), 24 * 60),
  ORDER_JOBS_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 5000),
  /** how often each process asks whether a scheduled job (analytics retention) is due; 0: never */
  SCHEDULED_JOBS_CHECK_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 60_000),
  // One byte budget (MB) for every in-process cache of a process, shared as platform/cache.ts CACHE_SHARES says
  CACHE_MB: z._default(z.coerce.number().check(z.int(), z.gte(8), z.lte(65536)), 256),
  // Worker threads for CPU-heavy steps (PDFs) and how many tasks may wait for one before a request is answered busy (503)
  WORKER_THREADS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(64)), 2),
  WORKER_QUEUE: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)), 32),
  // Pictures decoded at once by this process (uploads, the import's images) and how many may wait for a turn (docs/decisions/0056)
  IMAGE_DECODES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(16)), 1),
  IMAGE_QUEUE: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 8),
  RATE_LIMIT_MAX: z._default(z.coerce.number().check(z.int(), z.gt(0)), 600),
  // Server-rendered pages per minute per IP: a bucket of its own, apart from the API's.
  PAGE_RATE_LIMIT_MAX: z._default(z.coerce.number().check(z.int(), z.gt(0)), 300),
  /** the bearer token that /metrics asks for (Prometheus); unset: no /metrics */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16))),
  /** after SIGTERM: how long the process keeps serving while /readyz says draining, so the load balancer stops sending
   * (default 5000 in production, 0 otherwise) */
  SHUTDOWN_DELAY_MS: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
  /** after SIGTERM: the longest the process waits for requests in flight and background jobs before it exits anyway */
  SHUTDOWN_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gt(0)), 15_000),
  /** analytics (spec §9): the PostHog host the proxy path /ingest forwards to; unset: events are kept in the database */
  POSTHOG_HOST: z.optional(z.url()),
  /** the PostHog project key the browser sends (any text when events are kept in the database) */
  POSTHOG_KEY: z._default(z.string().check(z.minLength(1)), 'phc_storefront_local'),
  /** analytics events and browser error reports a minute per IP at the proxy paths */
  INGEST_RATE_LIMIT_MAX: z._default(z.coerce.number().check(z.int(), z.gt(0)), 120),
  /** monitoring (spec §9): the Sentry-compatible DSN for server errors, and for websites without their own */
  SENTRY_DSN: z.optional(z.url()),
  /** outbound calls (decision 0042): hosts (`name` or `*.domain`, comma-separated) websites' monitoring DSNs may
   * name besides Sentry's (a self-hosted Sentry, GlitchTip); still public addresses only */
  OUTBOUND_ALLOW_HOSTS: z.optional(z.string()),
  /** development and tests only (refused in production): addresses websites set may be private or loopback */
  OUTBOUND_ALLOW_PRIVATE: z.optional(z.enum(['0', '1'])),
  /** the environment name pages carry in <meta name="environment"> and error reports carry */
  APP_ENVIRONMENT: z._default(z.string().check(z.regex(/^[\w.-]{1,40}$/)), 'local'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** `pretty`: one readable line a request and a start banner (the default in development); `json`: pino's lines (elsewhere) */
  LOG_FORMAT: z.optional(z.enum(['pretty', 'json'])),
  /** `auto` fills an empty database with the demo stores (the default outside production; production never does) */
  SEED: z.optional(z.enum(['auto', 'never'])),
  /** the built web client (vite build output: client/ and server/) */
  WEB_DIST: z._default(z.string(), 'dist'),
  // Sign-in codes (server/features/accounts/otp-delivery): mobile numbers get a WhatsApp message or an SMS, emails an email.
  // `whatsapp`: WhatsApp first, MSG91 SMS when it fails (when MSG91 is set up); `msg91`: SMS on a DLT template.
  // `none`: that channel is not offered (sign-in with it is refused); production refuses `console`, which delivers nothing there.
  // `console` outside production also sends the code to the messages simulator's WhatsApp (MESSAGES_MODE=simulator).
  OTP_SMS_PROVIDER: z._default(z.enum(['console', 'twilio', 'whatsapp', 'msg91', 'none']), 'console'),
  OTP_EMAIL_PROVIDER: z._default(z.enum(['console', 'smtp', 'none']), 'console'),
  TWILIO_BASE_URL: z._default(z.url(), 'https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.optional(z.string()),
  TWILIO_AUTH_TOKEN: z.optional(z.string()),
  TWILIO_FROM: z.optional(z.string()),
  TWILIO_MESSAGING_SERVICE_SID: z.optional(z.string()),
  SMTP_URL: z.optional(z.url()),
  SMTP_FROM: z.optional(z.string()),
})

/** Every variable the app reads (.env.example lists each with its meaning; server/config.test.ts holds them equal). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(Env.shape)

/**
 * Secrets from files (Docker and compose secrets, Kubernetes volumes): `NAME_FILE=/run/secrets/name` sets NAME to the
 * file's text, its last line break dropped, for every variable above. Both set, or a file that cannot be read, stops
 * the start: a secret silently missing would start with a default or fail later.
 */
function withFileSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env }
  const problems: string[] = []
  for (const name of CONFIG_VARIABLES) {
    const file = env[`${name}_FILE`]
    if (!file) continue
    if (env[name]) {
      problems.push(`${name} and ${name}_FILE are both set: keep one`)
      continue
    }
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '')
    } catch (err) {
      problems.push(`${name}_FILE: ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
    }
  }
  if (problems.length) throw new StartError('Invalid environment', problems)
  return out
}

export type Config = Omit<z.infer<typeof Env>, 'PAYMENTS_MODE' | 'MESSAGES_MODE' | 'SEED' | 'LOG_FORMAT'> & {
  PAYMENTS_MODE: PaymentsMode
  MESSAGES_MODE: MessagesMode
  SEED: 'auto' | 'never'
  LOG_FORMAT: 'pretty' | 'json'
  demoSecret: boolean
}

const DEMO_SECRET = 'demo-session-secret-change-me-in-production'

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable is an unset one: compose files pass `${METRICS_TOKEN:-}` and `FOO=` clears a value.
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(withFileSecrets(env)).filter(([, v]) => v !== '')))
  if (!parsed.success)
    throw new StartError(
      'Invalid environment',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    )
  const config = { ...parsed.data, ...overrides }
  const production = config.NODE_ENV === 'production'
  const result: Config = {
    ...config,
    PAYMENTS_MODE: config.PAYMENTS_MODE ?? (production ? 'live' : 'simulator'),
    MESSAGES_MODE: config.MESSAGES_MODE ?? (production ? 'live' : 'simulator'),
    SEED: config.SEED ?? (production ? 'never' : 'auto'),
    LOG_FORMAT: config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json'),
    demoSecret: config.SESSION_SECRET === DEMO_SECRET,
  }
  assertOtpDelivery(result)
  if (production) assertProductionReady(result, config.SEED)
  const setupProblems = [...paymentSetupProblems(result), ...messagesSetupProblems(result)]
  if (setupProblems.length) throw new StartError('Invalid environment', setupProblems)
  return { ...result, ...paymentDefaults(result), ...messagesDefaults(result) }
}

function assertOtpDelivery(config: Config) {
  const problems: string[] = []
  if (config.OTP_SMS_PROVIDER === 'twilio') {
    if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) problems.push('OTP_SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN')
    if (!config.TWILIO_FROM && !config.TWILIO_MESSAGING_SERVICE_SID) problems.push('OTP_SMS_PROVIDER=twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID')
  }
  if (config.OTP_EMAIL_PROVIDER === 'smtp' && (!config.SMTP_URL || !config.SMTP_FROM)) problems.push('OTP_EMAIL_PROVIDER=smtp needs SMTP_URL and SMTP_FROM')
  if (problems.length) throw new StartError('Invalid environment', problems)
}

function assertProductionReady(config: Config, seed: string | undefined) {
  const problems: string[] = []
  if (config.demoSecret) problems.push('SESSION_SECRET is the demo secret')
  if (config.AUTH_FIXED_OTP) problems.push('AUTH_FIXED_OTP must not be set in production')
  if (config.OUTBOUND_ALLOW_PRIVATE === '1') problems.push('OUTBOUND_ALLOW_PRIVATE must not be set in production')
  problems.push(...paymentProductionProblems(config))
  problems.push(...messagesProductionProblems(config))
  if (!config.SETTINGS_ENCRYPTION_KEY) problems.push('SETTINGS_ENCRYPTION_KEY is required (32 bytes, base64: openssl rand -base64 32)')
  // The embedded database only when asked for: a mistyped or missing URL must not start on an empty one.
  if (!config.DATABASE_URL) problems.push('DATABASE_URL is required: postgres://… (or pglite for the embedded database in DATA_DIR)')
  else if (config.DATABASE_URL === 'memory://') problems.push('DATABASE_URL=memory:// keeps nothing: use postgres://… (or pglite)')
  if (seed === 'auto') problems.push('SEED=auto is not allowed in production: the demo stores come with demo accounts (make the first website with setup)')
  // The console provider writes nothing in production: every sign-in would answer "sent" and deliver nothing.
  if (config.OTP_SMS_PROVIDER === 'console')
    problems.push(
      'OTP_SMS_PROVIDER=console delivers no code in production: set whatsapp (with WHATSAPP_*), msg91 (with MSG91_*) or twilio (with TWILIO_*), or none to offer no sign-in by mobile number',
    )
  if (config.OTP_EMAIL_PROVIDER === 'console')
    problems.push('OTP_EMAIL_PROVIDER=console delivers no code in production: set smtp (with SMTP_URL, SMTP_FROM), or none to offer no sign-in by email')
  if (config.OTP_SMS_PROVIDER === 'none' && config.OTP_EMAIL_PROVIDER === 'none')
    problems.push('OTP_SMS_PROVIDER and OTP_EMAIL_PROVIDER are both none: nobody could sign in')
  if (problems.length) throw new StartError('Refusing to start in production', problems)
}

function isDatabaseUrl(value: string) {
  return /^postgres(ql)?:\/\/./.test(value) || value === 'pglite' || value === 'memory://'
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** What Fastify's trustProxy (proxy-addr) takes, short of "everyone": a hop count, or addresses, CIDR ranges and its names. */
function isTrustProxy(value: string) {
  if (/^\d+$/.test(value)) return Number(value) >= 1
  return value.split(',').every((entry) => {
    const [address, bits, extra] = entry.trim().split('/')
    const family = isIP(address)
    if (extra !== undefined || (!family && (bits !== undefined || !PROXY_NAMES.has(address)))) return false
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
  })
}

function parseTrustProxy(value: string): number | string[] {
  return /^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim())
}
