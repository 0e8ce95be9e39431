import assert from 'node:assert/strict'
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http, { type IncomingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import tls from 'node:tls'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import pg from 'pg'
import { withDatabase } from '../../server/db/template'
import { until } from '../../server/test/wait'
import { freePort, startServer, type TestServer } from './server'

/**
 * Issue 27: production as compose runs it. Caddy with the shipped deploy/Caddyfile (its internal CA instead of an
 * ACME authority, on free ports) in front of two compiled app processes in production on PostgreSQL and Redis.
 * Names are sent as TLS SNI and Host to 127.0.0.1: no DNS. Each client connects from its own loopback address, so
 * the address the app counts a request under shows whose word it took: Caddy's X-Forwarded-For, or the socket's.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const caddyInstalled = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const dbName = `caddy_${randomBytes(4).toString('hex')}`
const dbUrl = withDatabase(adminUrl, dbName)
const OWNER = '9876511111'
/** the app believes X-Forwarded-For from Caddy's address only; other clients come from their own */
const CADDY_ADDRESS = '127.0.0.1'
const SHOPPER_ADDRESS = '127.0.0.3'
const DIRECT_ADDRESS = '127.0.0.2'

async function sql<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** api.twilio.com on loopback: the sign-in codes production sends by SMS */
function fakeTwilio() {
  const texts: { to: string; body: string }[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const form = new URLSearchParams(body)
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' })
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${texts.length}`, status: 'queued' }))
    })
  })
  return {
    server,
    /** the newest code sent to a mobile number */
    codeFor: (mobile: string) =>
      /^(\d{6}) /.exec(
        texts
          .filter((t) => t.to === `+91${mobile}`)
          .map((t) => t.body)
          .at(-1) ?? '',
      )?.[1],
  }
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

interface Call {
  method?: string
  headers?: Record<string, string>
  body?: unknown
  /** the local address to connect from */
  from?: string
  /** https: the CA to trust (Caddy's internal root); none: the system's */
  ca?: string
}

/** One request, on its own connection, to `url`'s host as a name only: it goes to 127.0.0.1 (SNI and Host carry the name). */
function request(url: string, { method = 'GET', headers = {}, body, from, ca }: Call = {}): Promise<Answer> {
  const u = new URL(url)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const options = {
    host: '127.0.0.1',
    port: u.port,
    path: u.pathname + u.search,
    method,
    agent: false as const,
    localAddress: from,
    servername: u.hostname,
    ca,
    headers: { host: u.host, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
  }
  return new Promise((resolve, reject) => {
    const req = (u.protocol === 'https:' ? https : http).request(options, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** A TLS handshake with `name` as SNI; resolves with the certificate's names, rejects when refused. */
function handshake(port: number, name: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: name, ca }, () => {
      const names = socket.getPeerCertificate().subjectaltname ?? ''
      socket.end()
      resolve(names)
    })
    socket.on('error', reject)
  })
}

/** A browser's cookie jar and XSRF header, for one website's address; `base`: where to send it (another address). */
function browser(origin: string, from: string, ca?: string) {
  const jar = new Map<string, string>()
  const setCookies: string[] = []
  const call = async (method: string, pathname: string, body?: unknown, base = origin, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { 'x-web-url': origin, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...extra }
    if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN')!)
    const answer = await request(`${base}${pathname}`, { method, headers, body, from, ca })
    for (const c of [answer.headers['set-cookie'] ?? []].flat()) {
      setCookies.push(c)
      const [pair] = c.split(';')
      const i = pair.indexOf('=')
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim())
    }
    return { ...answer, json: answer.body.startsWith('{') ? JSON.parse(answer.body) : null }
  }
  return { call, setCookies }
}

describe('Caddy in front of two production app processes', { skip: !caddyInstalled && 'caddy is not installed (apt-get install caddy)' }, () => {
  const twilio = fakeTwilio()
  const work = mkdtempSync(path.join(os.tmpdir(), 'storefront-caddy-'))
  let apps: TestServer[] = []
  let caddy: ChildProcess | undefined
  let caddyLog = ''
  let httpsPort = 0
  let httpPort = 0
  let root = ''
  let shop = ''

  before(async () => {
    await sql(adminUrl, `create database "${dbName}"`)
    await new Promise<void>((r) => twilio.server.listen(0, '127.0.0.1', r))
    ;[httpsPort, httpPort] = [await freePort(), await freePort()]
    shop = `https://shop.test:${httpsPort}`
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OTP_SMS_PROVIDER: 'twilio',
      TWILIO_BASE_URL: `http://127.0.0.1:${(twilio.server.address() as AddressInfo).port}`,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'twilio-auth-token',
      TWILIO_FROM: '+15005550006',
      OTP_EMAIL_PROVIDER: 'none',
      TRUST_PROXY: CADDY_ADDRESS,
      SHUTDOWN_DELAY_MS: '0',
    }
    // both at once on the empty database: one migrates while the other waits for the lock
    apps = await Promise.all([startServer(env, { until: 'live' }), startServer(env, { until: 'live' })])
    for (const app of apps) await until(async () => (await fetch(`${app.origin}/readyz`)).status === 200, 60_000, 'the app migrated and ready')
    // the operator's first website, at its https:// address (compose.yaml's setup step)
    const setup = [...['dist/app/setup.js', '--name', 'Kirana Fresh', '--origin', shop], ...['--owner', OWNER, '--owner-name', 'Asha Owner']]
    await promisify(execFile)(process.execPath, setup, { cwd: ROOT, env: { ...process.env, ...env } })

    caddy = spawn('caddy', ['run', '--config', path.join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        XDG_DATA_HOME: path.join(work, 'data'),
        XDG_CONFIG_HOME: path.join(work, 'config'),
        CADDY_OPTIONS: 'local_certs\nskip_install_trust\nadmin off',
        ACME_EMAIL: 'ops@shop.test',
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        APP_UPSTREAMS: apps.map((a) => `127.0.0.1:${a.port}`).join(' '),
        TLS_ASK_URL: `http://127.0.0.1:${apps[0].port}/s/api/tls/ask`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [caddy.stdout!, caddy.stderr!]) stream.on('data', (c: Buffer) => (caddyLog += c.toString()))
    const rootFile = path.join(work, 'data/caddy/pki/authorities/local/root.crt')
    await until(() => existsSync(rootFile) || caddy!.exitCode !== null, 30_000, "Caddy's internal CA")
    assert.equal(caddy.exitCode, null, `caddy exited: ${caddyLog}`)
    root = readFileSync(rootFile, 'utf8')
    const listening = () =>
      request(`http://shop.test:${httpPort}/`).then(
        () => true,
        () => false,
      )
    await until(listening, 30_000, 'Caddy listening')
  })

  /** the owner signed in through Caddy, from the shopper's address (the code from the fake SMS provider) */
  async function ownerSignedIn() {
    const owner = browser(shop, SHOPPER_ADDRESS, root)
    assert.equal((await owner.call('GET', '/s/api/cookie')).status, 200)
    await sql(dbUrl, 'delete from otp_codes where username = $1', [OWNER]) // one code per number in 30 s
    assert.equal((await owner.call('POST', '/s/api/auth/login', { username: OWNER })).status, 200)
    const code = twilio.codeFor(OWNER)
    assert.ok(code, 'the code went out by SMS')
    const verified = await owner.call('POST', '/s/api/auth/verify', { username: OWNER, otp: code })
    assert.equal(verified.status, 200, verified.body)
    assert.equal(verified.json.user.name, 'Asha Owner')
    return owner
  }

  after(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((r) => caddy!.once('exit', r))
      caddy.kill('SIGTERM')
      await exited
    }
    await Promise.all(apps.map((a) => a.stop()))
    await new Promise((r) => twilio.server.close(r))
    await sql(adminUrl, `drop database if exists "${dbName}" with (force)`)
    rmSync(work, { recursive: true, force: true })
  })

  test("answers over HTTPS with a chain trusted through Caddy's root alone, HSTS on, HTTP redirected", async () => {
    const page = await request(`${shop}/`, { ca: root })
    assert.equal(page.status, 200, page.body)
    assert.match(page.body, /<title>[^<]*Kirana Fresh/)
    assert.equal(page.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains')
    await assert.rejects(request(`${shop}/`), /self[- ]signed|unable to (get|verify)/i, 'not trusted without the root')

    const plain = await request(`http://shop.test:${httpPort}/auth/login?next=%2Fcart`)
    assert.equal(plain.status, 308)
    // Caddy leaves its own HTTPS port out: published as 443 (compose.yaml), that is the address
    assert.equal(plain.headers.location, 'https://shop.test/auth/login?next=%2Fcart')
    assert.equal((await request(`${shop}/s/api/tls/ask?domain=shop.test`, { ca: root })).status, 404, 'the question is not asked from outside')
  })

  test('signs in over HTTPS with a Secure __Host- cookie; the session works in both processes', async () => {
    const owner = await ownerSignedIn()
    const sid = owner.setCookies.find((c) => c.startsWith('__Host-sid='))
    assert.ok(sid, `a __Host-sid cookie: ${owner.setCookies.join(' | ')}`)
    for (const attribute of [/; Secure/, /; HttpOnly/, /; Path=\//]) assert.match(sid, attribute)
    assert.doesNotMatch(sid, /Domain=/i)
    // the same cookie, straight to each process: whichever made the session, both know it
    for (const app of apps) {
      const there = await owner.call('GET', '/s/api/init', undefined, `http://127.0.0.1:${app.port}`)
      assert.equal(there.json.user?.name, 'Asha Owner', `process on port ${app.port}`)
    }
  })

  test("counts a request under the client's address Caddy passes on, and ignores the header from anyone else", async () => {
    const ipOf = async (mobile: string) => (await sql<{ ip: string }>(dbUrl, 'select ip from otp_codes where username = $1', [mobile]))[0]?.ip
    // through Caddy, with a header of the client's own: Caddy replaces it with the address it sees
    const viaCaddy = browser(shop, SHOPPER_ADDRESS, root)
    await viaCaddy.call('GET', '/s/api/cookie')
    const sent = await viaCaddy.call('POST', '/s/api/auth/login', { username: '9876522222' }, shop, { 'x-forwarded-for': '203.0.113.9' })
    assert.equal(sent.status, 200, sent.body)
    assert.equal(await ipOf('9876522222'), SHOPPER_ADDRESS)

    // straight to the second process, from an address that is not Caddy's: the header is nobody's word
    const second = `http://127.0.0.1:${apps[1].port}`
    const direct = browser(shop, DIRECT_ADDRESS)
    await direct.call('GET', '/s/api/cookie', undefined, second)
    const forged = await direct.call('POST', '/s/api/auth/login', { username: '9876533333' }, second, { 'x-forwarded-for': SHOPPER_ADDRESS })
    assert.equal(forged.status, 200, forged.body)
    assert.equal(await ipOf('9876533333'), DIRECT_ADDRESS)
  })

  test('serves a domain a superadmin adds, with its certificate made then; refuses one nobody added', async () => {
    const domain = `https://shop2.test:${httpsPort}`
    await assert.rejects(handshake(httpsPort, 'shop2.test', root), /alert/i, 'no certificate before it is added')
    await assert.rejects(handshake(httpsPort, 'nobody.test', root), /alert/i, 'nor for a name no website has')

    const owner = await ownerSignedIn()
    const created = await owner.call('POST', '/s/api/bos/websites', {
      name: 'Tiffin Corner',
      origin: `https://tiffin.test:${httpsPort}`,
      description: 'Home-style snacks',
    })
    assert.equal(created.status, 200, created.body)
    const added = await owner.call('POST', `/s/api/bos/websites/${created.json.website.id}/domains`, { origin: domain })
    assert.equal(added.status, 201, added.body)

    assert.match(await handshake(httpsPort, 'shop2.test', root), /DNS:shop2\.test/)
    const page = await request(`${domain}/`, { ca: root })
    assert.equal(page.status, 200, page.body)
    assert.match(page.body, /<title>[^<]*Tiffin Corner/)
    await assert.rejects(handshake(httpsPort, 'nobody.test', root), /alert/i)
    assert.doesNotMatch(caddyLog, /obtaining certificate.*nobody\.test/)
  })
})
