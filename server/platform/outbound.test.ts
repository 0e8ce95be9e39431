import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOutbound, OutboundFailed, OutboundRefused, type ResolveHost } from './outbound'

/** A server on 127.0.0.1 that counts what reaches it. */
async function localServer(handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('internal secret')) {
  const hits: string[] = []
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '')
    handle(req, res)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return { hits, port, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** DNS as a table: the names a test needs, each as the addresses given. */
const resolver =
  (table: Record<string, string[]>): ResolveHost =>
  async (host) => {
    const found = table[host]
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const SENTRY = { hosts: ['*.ingest.sentry.io', 'sentry.io'] }
const post = { method: 'POST' as const, body: new TextEncoder().encode('envelope') }

describe('outbound calls to addresses a website sets (decision 0042)', () => {
  let inside: Awaited<ReturnType<typeof localServer>>
  beforeAll(async () => {
    inside = await localServer()
  })
  afterEach(() => {
    inside.hits.length = 0
  })
  afterAll(() => inside.close())

  it('refuses loopback, private and metadata literals, and what is not http(s), before any connection', async () => {
    const out = createOutbound({ allowHosts: '127.0.0.1,169.254.169.254,[::1],localhost' })
    for (const url of [
      `http://127.0.0.1:${inside.port}/api/7/envelope/`,
      `http://127.1:${inside.port}/`,
      `http://0x7f000001:${inside.port}/`,
      `http://[::1]:${inside.port}/`,
      `http://[::ffff:127.0.0.1]:${inside.port}/`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await out.refusal(url, {}), url).toBe('not_public')
      await expect(out.send(url, {}, post), url).rejects.toMatchObject({ reason: 'not_public' })
    }
    expect(await out.refusal('file:///etc/passwd', {})).toBe('scheme')
    expect(await out.refusal('gopher://o1.ingest.sentry.io/', SENTRY)).toBe('scheme')
    expect(await out.refusal('not an address', {})).toBe('scheme')
    await expect(out.send('ftp://o1.ingest.sentry.io/', SENTRY, post)).rejects.toMatchObject({ reason: 'scheme' })
    expect(inside.hits).toEqual([])
    out.close()
  })

  it('refuses a name that resolves to loopback, when saved and when used', async () => {
    const out = createOutbound({
      allowHosts: 'localhost',
      resolve: resolver({ 'o7.ingest.sentry.io': ['127.0.0.1'], 'mixed.ingest.sentry.io': ['34.120.195.249', '10.0.0.5'] }),
    })
    for (const host of ['o7.ingest.sentry.io', 'mixed.ingest.sentry.io']) {
      expect(await out.refusal(`https://k@${host}/7`, SENTRY), host).toBe('not_public')
      await expect(out.send(`http://${host}:${inside.port}/api/7/envelope/`, SENTRY, post)).rejects.toBeInstanceOf(OutboundRefused)
    }
    // the machine's own DNS: localhost is loopback
    const real = createOutbound({ allowHosts: 'localhost' })
    expect(await real.refusal(`http://k@localhost:${inside.port}/7`, SENTRY)).toBe('not_public')
    await expect(real.send(`http://localhost:${inside.port}/api/7/envelope/`, SENTRY, post)).rejects.toMatchObject({ reason: 'not_public' })
    expect(inside.hits).toEqual([])
    out.close()
    real.close()
  })

  it('checks the address when it connects: a name public when saved and loopback when used is refused (DNS rebinding)', async () => {
    let answers = 0
    const out = createOutbound({
      resolve: async () => [{ address: answers++ === 0 ? '34.120.195.249' : '127.0.0.1', family: 4 }],
    })
    expect(await out.refusal(`http://k@o7.ingest.sentry.io:${inside.port}/7`, SENTRY)).toBeNull()
    await expect(out.send(`http://o7.ingest.sentry.io:${inside.port}/api/7/envelope/`, SENTRY, post)).rejects.toMatchObject({ reason: 'not_public' })
    expect(inside.hits).toEqual([])
    out.close()
  })

  it('keeps to the allow-list: Sentry’s hosts and the operator’s', async () => {
    const out = createOutbound({ allowHosts: 'errors.shop.example, *.glitchtip.example', resolve: resolver({}) })
    expect(await out.refusal('https://k@o1.ingest.sentry.io/7', SENTRY)).toBeNull()
    expect(await out.refusal('https://k@sentry.io/7', SENTRY)).toBeNull()
    expect(await out.refusal('https://k@errors.shop.example/7', SENTRY)).toBeNull()
    expect(await out.refusal('https://k@app.glitchtip.example/7', SENTRY)).toBeNull()
    expect(await out.refusal('https://k@evil.example/7', SENTRY)).toBe('host')
    expect(await out.refusal('https://k@ingest.sentry.io.evil.example/7', SENTRY)).toBe('host')
    expect(await out.refusal('https://k@notsentry.io/7', SENTRY)).toBe('host')
    expect(await out.refusal('https://k@glitchtip.example/7', SENTRY)).toBe('host')
    await expect(out.send(`http://evil.example:${inside.port}/`, SENTRY, post)).rejects.toMatchObject({ reason: 'host' })
    out.close()
  })

  it('lets the operator’s own addresses and, outside production, OUTBOUND_ALLOW_PRIVATE reach the machine', async () => {
    const out = createOutbound()
    expect((await out.send(`http://127.0.0.1:${inside.port}/operator`, 'operator', post)).status).toBe(200)
    const dev = createOutbound({ allowPrivate: true, allowHosts: '127.0.0.1' })
    expect(await dev.refusal(`http://k@127.0.0.1:${inside.port}/7`, SENTRY)).toBeNull()
    expect((await dev.send(`http://127.0.0.1:${inside.port}/dev`, SENTRY, post)).status).toBe(200)
    // the allow-list still holds
    await expect(dev.send(`http://localhost:${inside.port}/dev`, SENTRY, post)).rejects.toMatchObject({ reason: 'host' })
    expect(inside.hits).toEqual(['/operator', '/dev'])
    out.close()
    dev.close()
  })

  it('reads at most 64 KB of an answer, follows no redirect and gives up after its timeout', async () => {
    const other = await localServer()
    const upstream = await localServer((req, res) => {
      if (req.url === '/big') return res.end(Buffer.alloc(1024 * 1024, 'x'))
      if (req.url === '/moved') return res.writeHead(302, { location: `http://127.0.0.1:${other.port}/inside` }).end()
      // /slow: never answers
    })
    const out = createOutbound({ timeoutMs: 300 })
    try {
      const big = await out.send(`http://127.0.0.1:${upstream.port}/big`, 'operator', { method: 'GET' })
      expect(big.body.length).toBe(64 * 1024)
      expect(big.truncated).toBe(true)
      const moved = await out.send(`http://127.0.0.1:${upstream.port}/moved`, 'operator', { method: 'GET' })
      expect(moved.status).toBe(302)
      expect(other.hits).toEqual([])
      const started = Date.now()
      await expect(out.send(`http://127.0.0.1:${upstream.port}/slow`, 'operator', { method: 'GET' })).rejects.toBeInstanceOf(OutboundFailed)
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      out.close()
      upstream.close()
      await other.close()
    }
  })
})
