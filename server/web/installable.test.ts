import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, MAIN, SHOP2, type TestApp } from '../test/app'
import { appLook, type InstallableSite, shortName } from './app-manifest'
import { offlinePage } from './offline-page'

// The installable shop: each website's manifest, icons, worker and offline page (the app is built with the web client:
// run `npm run build` first).

const get = (t: TestApp, url: string, origin = MAIN) => t.app.inject({ method: 'GET', url, headers: { host: new URL(origin).host } })

describe('an installable shop per website', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, { web: true })
  })
  afterAll(() => t.close())

  it('links its manifest and icon from every shop page', async () => {
    for (const url of ['/', '/products']) {
      const res = await get(t, url)
      expect(res.body).toContain('<link rel="manifest" href="/manifest.webmanifest">')
      expect(res.body).toContain('<link rel="apple-touch-icon" href="/app-icon-192.png">')
    }
  })

  it('answers each website’s own manifest: its name, theme colour and icons, standalone from /', async () => {
    const manifests = []
    for (const origin of [MAIN, SHOP2]) {
      const res = await get(t, '/manifest.webmanifest', origin)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
      const m = res.json()
      expect(m).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' })
      expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
      manifests.push(m)
    }
    const [main, shop2] = manifests
    expect(main).toMatchObject({ name: 'Kirana Fresh', short_name: 'Kirana Fresh', theme_color: '#0c7a2a', background_color: '#f6f7f8' })
    expect(shop2).toMatchObject({ name: 'Chai & Chakna Store', short_name: 'Chai & Chakna', theme_color: '#b4410f', background_color: '#fbf6f1' })
    expect(main.icons[0].src).not.toBe(shop2.icons[0].src)
  })

  it('draws each icon here, as a PNG of the size the manifest says', async () => {
    const { default: sharp } = await import('sharp')
    for (const size of [192, 512]) {
      const [main, shop2] = await Promise.all([get(t, `/app-icon-${size}.png`), get(t, `/app-icon-${size}.png`, SHOP2)])
      expect(main.statusCode).toBe(200)
      expect(main.headers['content-type']).toBe('image/png')
      const meta = await sharp(main.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size])
      expect(Buffer.compare(main.rawPayload, shop2.rawPayload)).not.toBe(0)
    }
  })

  it('serves the worker revalidated, with the build’s shell and a version per website', async () => {
    const [main, shop2] = await Promise.all([get(t, '/sw.js'), get(t, '/sw.js', SHOP2)])
    expect(main.statusCode).toBe(200)
    expect(main.headers['content-type']).toMatch(/^text\/javascript/)
    expect(main.headers['cache-control']).toBe('no-cache')
    const shell = JSON.parse(/const SHELL = (\[.*\])/.exec(main.body)![1]) as string[]
    expect(shell.some((f) => /^\/assets\/index-.+\.js$/.test(f))).toBe(true)
    expect(shell.some((f) => /^\/assets\/index-.+\.css$/.test(f))).toBe(true)
    expect(shell.some((f) => /^\/assets\/(staff-app|pos-screen|checkout)-/.test(f))).toBe(false)
    for (const f of shell) expect((await get(t, f)).statusCode, f).toBe(200)
    const version = (body: string) => /const VERSION = "(\w+)"/.exec(body)![1]
    expect(version(main.body)).not.toBe(version(shop2.body))
  })

  it('has an offline page in the website’s name and colours, with no script', async () => {
    const res = await get(t, '/offline.html', SHOP2)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Chai &#38; Chakna Store')
    expect(res.body).toContain('--primary: #b4410f')
    expect(res.body).not.toContain('<script')
  })

  it('takes only real colours from a theme into its page, icon and manifest', () => {
    const settings = { themes: { light: { primary: 'red}</style><script>', text: '#123' } } } as unknown as InstallableSite['settings']
    const site: InstallableSite = { name: 'X', description: '', theme: 'light', settings }
    expect(appLook(site)).toMatchObject({ background: '#0c7a2a', text: '#123' })
    expect(offlinePage(site)).not.toContain('</style><script>')
  })

  it('shortens a long name at a word for the home screen', () => {
    expect(shortName('Kirana Fresh')).toBe('Kirana Fresh')
    expect(shortName('Chai & Chakna Store')).toBe('Chai & Chakna')
    expect(shortName('Sri Venkateshwara Provision Stores')).toBe('Sri')
    expect(shortName('Supercalifragilistic')).toBe('Supercalifragil')
  })
})
