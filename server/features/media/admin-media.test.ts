import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminProduct } from '../../../common/contracts/admin-catalogue'
import { UploadedMedia } from '../../../common/contracts/admin-media'
import { Product } from '../../../common/contracts/catalogue'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { websiteOf } from '../../test/shopper'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'

const URL = '/s/api/admin/media'
const MB = 1024 * 1024

let colour = 0
/** A new picture each call (its own colour), so its bytes are new to the database. */
async function picture(format: 'png' | 'jpeg' | 'webp' = 'png', size = { width: 320, height: 240 }) {
  const hex = `#${(0x204060 + ++colour * 7919).toString(16).slice(-6)}`
  return sharp({ create: { ...size, channels: 3, background: hex } })
    [format]()
    .toBuffer()
}

const SVG_WITH_SCRIPT =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>'

describe.each(drivers)('staff media uploads (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let mainId: number
  let shop2Id: number
  /** an upload as the staff app sends it: the file as the body */
  const upload = (body: Buffer | string, headers: Record<string, string> = {}, session: TestSession = who.admin, origin = MAIN) =>
    t.call({ method: 'POST', url: URL, session, origin, payload: body, headers: { 'content-type': 'application/octet-stream', ...headers } })
  const multipart = (bytes: Buffer, filename: string, type: string) => {
    const boundary = '----media-test-boundary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
    return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` }
  }
  const mediaRows = async () => rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from media`))[0].n
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, origin = MAIN) =>
    staffCall(t, origin === MAIN ? who.admin : who.adminShop2, method, url, payload, origin)
  const uploaded = async (bytes: Buffer, origin = MAIN) => {
    const res = await upload(bytes, {}, origin === MAIN ? who.admin : who.adminShop2, origin)
    expect(res.statusCode, res.body).toBe(200)
    return UploadedMedia.parse(res.json())
  }
  const newProduct = async (medias?: { src: string; alt?: string }[]) => {
    const res = await admin('POST', '/s/api/admin/products', {
      product_name: `Kashmiri Walnuts ${++colour}`,
      brand: 'Sona Khet',
      categories: ['atta-flours'],
      packs: [{ pack_name: '250 g', price: 250, act_price: 300 }],
      ...(medias && { medias }),
    })
    expect(res.statusCode, res.body).toBe(201)
    return AdminProduct.parse(res.json())
  }
  const storefront = async (slug: string) => Product.parse((await t.call({ method: 'GET', url: `/s/api/products/${slug}` })).json())

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    mainId = (await websiteOf(t, MAIN)).id
    shop2Id = (await websiteOf(t, SHOP2)).id
  })
  afterAll(() => t.close())

  it('stores a PNG under a path made from its bytes and serves it through /cdn/ at every size, audited', async () => {
    const png = await picture('png', { width: 900, height: 600 })
    const res = await upload(png, { 'x-file-name': encodeURIComponent('Walnut pack front.png') })
    expect(res.statusCode, res.body).toBe(200)
    const body = UploadedMedia.parse(res.json())
    expect(body).toMatchObject({ content_type: 'image/png', width: 900, height: 600, bytes: png.length, created: true })
    expect(body.path).toMatch(new RegExp(`^uploads/${mainId}/[0-9a-f]{64}\\.png$`))
    expect(body.url).toBe(`/cdn/${body.path}`)

    const full = await t.call({ method: 'GET', url: body.url })
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-type']).toBe('image/png')
    expect(full.headers['x-placeholder']).toBe('0')
    expect(full.rawPayload.equals(png)).toBe(true)
    for (const [size, width] of [
      ['thumb', 200],
      ['small', 400],
      ['medium', 800],
    ] as const) {
      const sized = await t.call({ method: 'GET', url: `/cdn/${size}/${body.path}` })
      expect(sized.headers['content-type'], size).toBe('image/webp')
      expect(sized.headers['x-placeholder'], size).toBe('0')
      expect((await sharp(sized.rawPayload).metadata()).width, size).toBe(width)
    }

    const [row] = await auditOf(t, res)
    expect(row).toMatchObject({
      websiteId: mainId,
      userId: who.admin.userId,
      action: 'media.upload',
      entity: 'media',
      entityId: body.path,
      before: null,
      data: { name: 'Walnut pack front.png' },
    })
    expect(row.after).toEqual({ path: body.path, content_type: 'image/png', width: 900, height: 600, bytes: png.length })
  })

  it('decides the type from the bytes, never from the name or the declared type', async () => {
    const jpeg = await picture('jpeg')
    const asPng = await upload(jpeg, { 'content-type': 'image/png', 'x-file-name': 'photo.png' })
    expect(asPng.statusCode, asPng.body).toBe(200)
    expect(asPng.json()).toMatchObject({ content_type: 'image/jpeg' })
    expect(asPng.json().path).toMatch(/\.jpg$/)

    const webp = await picture('webp')
    const form = multipart(webp, 'scan.jpeg', 'image/jpeg')
    const viaForm = await upload(form.body, { 'content-type': form.type })
    expect(viaForm.statusCode, viaForm.body).toBe(200)
    expect(viaForm.json()).toMatchObject({ content_type: 'image/webp', bytes: webp.length, created: true })
    expect(viaForm.json().path).toMatch(/\.webp$/)
    expect((await auditOf(t, viaForm))[0].data).toEqual({ name: 'scan.jpeg' })
  })

  it('stores the same image once: the same bytes again answer the same path, one row, and an audit row saying so', async () => {
    const png = await picture()
    const before = await mediaRows()
    const first = await uploaded(png)
    const again = await upload(png, { 'x-file-name': 'copy-of-it.png' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ ...first, created: false })
    const form = multipart(png, 'third.png', 'image/png')
    expect((await upload(form.body, { 'content-type': form.type })).json()).toEqual({ ...first, created: false })
    expect(await mediaRows()).toBe(before + 1)
    const [row] = await auditOf(t, again)
    expect(row).toMatchObject({ action: 'media.upload', entityId: first.path })
    expect(row.before).toEqual(row.after)

    // per website: the other shop's copy is its own
    const onShop2 = await uploaded(png, SHOP2)
    expect(onShop2.path).toBe(first.path.replace(`uploads/${mainId}/`, `uploads/${shop2Id}/`))
    expect(onShop2.created).toBe(true)
  })

  it('keeps no EXIF of a phone photo (where and when it was taken): the stored original is turned upright and clean', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#7a4f2b' } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const media = await uploaded(photo)
    expect(media).toMatchObject({ width: 200, height: 300 })
    const original = await t.call({ method: 'GET', url: media.url })
    expect(original.statusCode).toBe(200)
    const meta = await sharp(original.rawPayload).metadata()
    expect(meta.exif).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([200, 300])
    expect((await uploaded(photo)).path).toBe(media.path)
  })

  it('refuses a 50 MB upload with 413 from its length alone, and a streamed one as soon as it passes the limit', async () => {
    const before = await mediaRows()
    const huge = Buffer.alloc(50 * MB, 0x41)
    const res = await upload(huge, { 'content-type': 'image/png' })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'The image is larger than 10 MB', code: 'too_large', errors: { file: 'The image is larger than 10 MB' } })

    // No length given (streamed): refused once the bytes read pass the limit.
    let sent = 0
    const stream = new Readable({
      read() {
        if (sent >= 50 * MB) return this.push(null)
        sent += MB
        this.push(Buffer.alloc(MB, 0x42))
      },
    })
    const streamed = await t.call({ method: 'POST', url: URL, session: who.admin, payload: stream, headers: { 'content-type': 'application/octet-stream' } })
    expect(streamed.statusCode).toBe(413)
    expect(streamed.json().message).toBe('The image is larger than 10 MB')

    // just over 10 MB as a file inside a form
    const form = multipart(Buffer.concat([await picture(), Buffer.alloc(10 * MB)]), 'big.png', 'image/png')
    expect((await upload(form.body, { 'content-type': form.type })).statusCode).toBe(413)
    expect(await mediaRows()).toBe(before)
  })

  it('refuses anyone without admin access before reading the body, even a 50 MB one', async () => {
    const huge = Buffer.alloc(50 * MB, 0x41)
    expect((await upload(huge, {}, who.shopper)).statusCode).toBe(403)
    expect((await upload(huge, {}, who.otherAdmin)).statusCode).toBe(403)
    expect((await upload(huge, {}, who.visitor)).statusCode).toBe(401)
  })

  it('answers 422 on `file` for HTML named .png, SVG (with or without a script), an empty file, a cut-off JPEG and no file', async () => {
    const before = await mediaRows()
    const jpeg = await picture('jpeg', { width: 1200, height: 900 })
    const cases: [string, Buffer | string, Record<string, string>, RegExp][] = [
      [
        'HTML sent as a PNG',
        '<!doctype html><html><body><script>alert(1)</script></body></html>',
        { 'content-type': 'image/png', 'x-file-name': 'cat.png' },
        /^This file is not a JPEG, PNG or WebP image$/,
      ],
      [
        'HTML behind a PNG signature',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]),
        { 'content-type': 'image/png' },
        /PNG file is damaged/,
      ],
      ['an SVG with a script', SVG_WITH_SCRIPT, { 'content-type': 'image/svg+xml' }, /^SVG images are not accepted/],
      [
        'an SVG without a script, sent as a PNG',
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
        { 'content-type': 'image/png' },
        /^SVG images are not accepted/,
      ],
      ['an empty file', Buffer.alloc(0), {}, /^The file is empty$/],
      ['a cut-off JPEG', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), { 'content-type': 'image/jpeg' }, /JPEG file is damaged or cut off/],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), { 'content-type': 'image/gif' }, /^This file is not a JPEG, PNG or WebP image$/],
      ['a JSON body', '{"file":"x.png"}', { 'content-type': 'application/json' }, /^Choose a JPEG, PNG or WebP image/],
      [
        'a form without a file',
        multipart(Buffer.alloc(0), 'x', 'text/plain')
          .body.toString()
          .replace(/; filename="x"/, ''),
        { 'content-type': 'multipart/form-data; boundary=----media-test-boundary' },
        /^Choose a JPEG, PNG or WebP image/,
      ],
    ]
    for (const [label, body, headers, message] of cases) {
      const res = await upload(body, headers)
      expect(res.statusCode, `${label}: ${res.body}`).toBe(422)
      expect(res.json().code, label).toBe('invalid')
      expect(res.json().errors.file, label).toMatch(message)
    }
    expect(await mediaRows()).toBe(before)
  })

  it('keeps a product’s images in order with alt text; the first is the card image on the storefront', async () => {
    const [a, b, c] = [await uploaded(await picture()), await uploaded(await picture('jpeg')), await uploaded(await picture('webp'))]
    const p = await newProduct([{ src: a.path, alt: 'Walnuts, front of the pack' }, { src: b.path }])
    expect(p.medias).toEqual([{ src: a.path, alt: 'Walnuts, front of the pack' }, { src: b.path }])
    expect(p.image).toBe(a.path)
    const shown = await storefront(p.slug)
    expect(shown.medias).toEqual(p.medias)
    expect(shown.image).toBe(a.path)
    const list = (await t.call({ method: 'GET', url: `/s/api/products?q=${encodeURIComponent(p.product_name)}` })).json() as { data: Product[] }
    expect(list.data.find((x) => x.product_id === p.product_id)?.image).toBe(a.path)

    // reorder, add one, change alt text: one edit with its version
    const res = await admin('PATCH', `/s/api/admin/products/${p.product_id}`, {
      version: p.version,
      medias: [{ src: c.path, alt: 'Walnut halves' }, { src: a.path, alt: 'Front' }, { src: b.path }],
    })
    expect(res.statusCode, res.body).toBe(200)
    const edited = AdminProduct.parse(res.json())
    expect(edited.version).toBe(p.version + 1)
    expect((await storefront(p.slug)).image).toBe(c.path)
    const [row] = await auditOf(t, res)
    expect(row).toMatchObject({ action: 'product.update', entity: 'product', entityId: String(p.product_id) })
    expect((row.before as { medias: unknown }).medias).toEqual(p.medias)
    expect((row.after as { medias: unknown }).medias).toEqual(edited.medias)

    // an edit of other fields keeps the images
    const renamed = AdminProduct.parse(
      (
        await admin('PATCH', `/s/api/admin/products/${p.product_id}`, {
          version: edited.version,
          product_name: 'Kashmiri Walnut Kernels',
          packs: [{ pack_id: p.packs[0].pack_id, pack_name: '500 g', price: 480, act_price: 560 }],
        })
      ).json(),
    )
    expect(renamed.medias).toEqual(edited.medias)
    const dup = await admin('POST', `/s/api/admin/products/${p.product_id}/duplicate`, {})
    expect(AdminProduct.parse(dup.json()).medias).toEqual(edited.medias)

    // a save on an old version: 409 naming the images, nothing written
    const stale = await admin('PATCH', `/s/api/admin/products/${p.product_id}`, { version: p.version, medias: [] })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().changed).toContain('medias')

    // remove them all: the storefront shows the placeholder (no image)
    const cleared = AdminProduct.parse((await admin('PATCH', `/s/api/admin/products/${p.product_id}`, { version: renamed.version, medias: [] })).json())
    expect(cleared.medias).toEqual([])
    expect((await storefront(p.slug)).image).toBe('')
  })

  it('refuses images that are not this website’s, twice in the list, too many, or with bad alt text (422 per image)', async () => {
    const mine = await uploaded(await picture())
    const theirs = await uploaded(await picture(), SHOP2)
    const p = await newProduct([{ src: 'demo/products/kesar-valley-basmati-rice.webp' }])
    const patch = (medias: unknown) => admin('PATCH', `/s/api/admin/products/${p.product_id}`, { version: p.version, medias })
    const cases: [unknown, string, RegExp][] = [
      [[{ src: theirs.path }], 'medias.0.src', /not uploaded to this website/],
      [[{ src: mine.path }, { src: `uploads/${mainId}/${'0'.repeat(64)}.png` }], 'medias.1.src', /not uploaded to this website/],
      [[{ src: mine.path }, { src: mine.path }], 'medias.1.src', /twice/],
      [[{ src: '../../etc/passwd' }], 'medias.0.src', /must be an uploaded image/],
      [[{ src: 'https://evil.test/x.png' }], 'medias.0.src', /must be an uploaded image/],
      [[{ src: mine.path, alt: 'x'.repeat(201) }], 'medias.0.alt', /at most 200/],
      [[{ src: mine.path, alt: 'a\u0000b' }], 'medias.0.alt', /not allowed/],
      [Array.from({ length: 13 }, () => ({ src: mine.path })), 'medias', /At most 12 images/],
    ]
    for (const [medias, field, message] of cases) {
      const res = await patch(medias)
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422)
      expect(res.json().errors[field], field).toMatch(message)
    }
    const created = await admin('POST', '/s/api/admin/products', {
      product_name: 'Stolen image',
      brand: 'Sona Khet',
      categories: ['atta-flours'],
      packs: [{ pack_name: '1 kg', price: 1, act_price: 1 }],
      medias: [{ src: theirs.path }],
    })
    expect(created.statusCode).toBe(422)
    expect(created.json().errors['medias.0.src']).toMatch(/not uploaded to this website/)
    expect((await storefront(p.slug)).medias).toEqual([{ src: 'demo/products/kesar-valley-basmati-rice.webp' }])
  })

  it('sets a category’s avatar and a brand’s logo from an upload (only this website’s)', async () => {
    const avatar = await uploaded(await picture())
    const logo = await uploaded(await picture('webp'))
    const theirs = await uploaded(await picture(), SHOP2)
    const cat = await admin('POST', '/s/api/admin/categories', { name: `Dry fruits ${++colour}`, avatar: avatar.path })
    expect(cat.statusCode, cat.body).toBe(201)
    expect(cat.json().avatar).toBe(avatar.path)
    const nav = (await t.call({ method: 'GET', url: '/s/api/init' })).body
    expect(nav).toContain(avatar.path)

    const brand = await admin('POST', '/s/api/admin/brands', { name: `Valley Crest ${++colour}`, logo: logo.path })
    expect(brand.statusCode, brand.body).toBe(201)
    expect(brand.json().logo).toBe(logo.path)
    const moved = await admin('PATCH', `/s/api/admin/brands/${brand.json().id}`, { logo: avatar.path })
    expect(moved.json().logo).toBe(avatar.path)

    for (const [url, body, field] of [
      [`/s/api/admin/categories/${cat.json().id}`, { avatar: theirs.path }, 'avatar'],
      [`/s/api/admin/brands/${brand.json().id}`, { logo: theirs.path }, 'logo'],
      ['/s/api/admin/brands', { name: `Other ${++colour}`, logo: theirs.path }, 'logo'],
      ['/s/api/admin/categories', { name: `Other ${++colour}`, avatar: `uploads/${mainId}/nothing.png` }, 'avatar'],
    ] as const) {
      const res = await admin(url.endsWith('s') ? 'POST' : 'PATCH', url, body)
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422)
      expect(res.json().errors[field]).toMatch(/not uploaded to this website/)
    }
  })

  it.runIf(driver === 'postgres')('stores one row when many upload the same new image at the same moment', async () => {
    const png = await picture('png', { width: 600, height: 600 })
    const before = await mediaRows()
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(png)))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(answers.map((r) => r.json().path)).size).toBe(1)
    expect(answers.filter((r) => r.json().created).length).toBe(1)
    const path = answers[0].json().path
    expect(rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from media where path = ${path}`))[0].n).toBe(1)
    expect(await mediaRows()).toBe(before + 1)
  })
})
