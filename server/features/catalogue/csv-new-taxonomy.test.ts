import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImportPreview } from '../../../common/contracts/admin-catalogue-csv'
import { rowsOf } from '../../db/client'
import { buildTestApp, drivers, MAIN, type TestApp, type TestSession } from '../../test/app'
import { signIn, websiteOf } from '../../test/shopper'
import { staffCall } from '../../test/staff'

/**
 * Issue 29: a new website's catalogue from one file. The import creates the brands and categories it names
 * (`Staples > Atta`: each level under the one before), fetches its image addresses through the outbound rules
 * (public addresses only) and checks them as uploads, and sets opening stock per warehouse.
 */

const IMPORT = '/s/api/admin/catalogue/import'
const csvOf = (lines: string[]) => `${lines.join('\n')}\n`

const upload = (t: TestApp, session: TestSession, body: string) =>
  t.call({ method: 'POST', url: `${IMPORT}?name=first.csv`, session, origin: MAIN, payload: body, headers: { 'content-type': 'text/csv' } })

async function preview(t: TestApp, session: TestSession, body: string) {
  const res = await upload(t, session, body)
  expect(res.statusCode, res.body).toBe(200)
  return ImportPreview.parse(res.json())
}
const apply = (t: TestApp, session: TestSession, token: string) => staffCall(t, session, 'POST', `${IMPORT}/${token}/apply`, {})
const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) => rowsOf<T>(await t.app.deps.db.execute(query))

/** A file of new brands and categories (names no seed website has). */
const fileOf = (suffix: string) =>
  csvOf([
    'Product name,Brand,Categories,Pack name,Price,MRP,SKU,On hand: Main warehouse',
    `Khapli Atta ${suffix},Gehu Ghar ${suffix},Staples ${suffix} > Atta ${suffix},1 kg,80,90,KA-${suffix}-1,12`,
    `Khapli Atta ${suffix},Gehu Ghar ${suffix},Staples ${suffix} > Atta ${suffix},5 kg,380,420,KA-${suffix}-5,4`,
    `Bajra Atta ${suffix},gehu ghar ${suffix},"Staples ${suffix} > Atta ${suffix}, Millets ${suffix}",1 kg,70,75,BA-${suffix}-1,`,
    `Jaggery ${suffix},Kesar Valley,Staples ${suffix} > Sweeteners ${suffix},500 g,60,65,JG-${suffix}-1,`,
  ])

describe.each(drivers)('catalogue CSV: new brands, categories, images (%s)', (driver) => {
  let t: TestApp
  let admin: TestSession
  let websiteId: number

  beforeAll(async () => {
    t = await buildTestApp(driver)
    admin = await signIn(t, '9876500001')
    websiteId = (await websiteOf(t, MAIN)).id
  })
  afterAll(() => t.close())

  it('lists the brands and categories the file names that do not exist as new, and apply creates each once under its parent', async () => {
    const warehouse = (
      await rows<{ name: string }>(t, sql`select name from warehouses where website_id = ${websiteId} order by is_default desc, id limit 1`)
    )[0]
    const file = fileOf('T1').replaceAll('Main warehouse', warehouse.name)
    const p = await preview(t, admin, file)
    expect(p.problems).toEqual([])
    expect(p.new_brands).toEqual([{ name: 'Gehu Ghar T1', line: 2 }])
    expect(p.new_categories).toEqual([
      { path: 'Staples T1', line: 2 },
      { path: 'Staples T1 > Atta T1', line: 2 },
      { path: 'Millets T1', line: 4 },
      { path: 'Staples T1 > Sweeteners T1', line: 5 },
    ])
    expect(p.summary).toMatchObject({ brands: 1, categories: 4, products: { create: 3 }, packs: { create: 4 }, stock: 2 })

    const res = await apply(t, admin, p.token)
    expect(res.statusCode, res.body).toBe(200)
    const made = await rows<{ name: string; parent: string | null }>(
      t,
      sql`select c.name, p.name as parent from categories c left join categories p on p.id = c.parent_id
          where c.website_id = ${websiteId} and c.name like '% T1' order by c.id`,
    )
    expect(made).toEqual([
      { name: 'Staples T1', parent: null },
      { name: 'Atta T1', parent: 'Staples T1' },
      { name: 'Millets T1', parent: null },
      { name: 'Sweeteners T1', parent: 'Staples T1' },
    ])
    const products = await rows<{ name: string; brand: string; category: string; categories: string }>(
      t,
      sql`select p.name, b.name as brand, c.name as category,
            (select string_agg(cc.name, ', ' order by pc.position) from product_categories pc join categories cc on cc.id = pc.category_id where pc.product_id = p.id) as categories
          from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
          where p.website_id = ${websiteId} and p.name like '% T1' order by p.id`,
    )
    expect(products).toEqual([
      { name: 'Khapli Atta T1', brand: 'Gehu Ghar T1', category: 'Atta T1', categories: 'Atta T1' },
      { name: 'Bajra Atta T1', brand: 'Gehu Ghar T1', category: 'Atta T1', categories: 'Atta T1, Millets T1' },
      { name: 'Jaggery T1', brand: 'Kesar Valley', category: 'Sweeteners T1', categories: 'Sweeteners T1' },
    ])
    // Opening stock per warehouse, through the stock ledger.
    const stock = await rows<{ sku: string; quantity: number; reason: string }>(
      t,
      sql`select k.sku, s.quantity, (select reason from stock_ledger m where m.pack_id = k.id order by id desc limit 1) as reason
          from packs k join stock s on s.pack_id = k.id where k.sku like 'KA-T1-%' order by k.sku`,
    )
    expect(stock).toEqual([
      { sku: 'KA-T1-1', quantity: 12, reason: 'import' },
      { sku: 'KA-T1-5', quantity: 4, reason: 'import' },
    ])
    const audit = await rows<{ action: string; n: number }>(
      t,
      sql`select action, count(*)::int as n from audit_log where website_id = ${websiteId} and action in ('brand.create', 'category.create')
          and (after->>'name') like '% T1' group by action order by action`,
    )
    expect(audit).toEqual([
      { action: 'brand.create', n: 1 },
      { action: 'category.create', n: 4 },
    ])

    // The same file again: nothing is new.
    const again = await preview(t, admin, file)
    expect(again.new_brands).toEqual([])
    expect(again.new_categories).toEqual([])
    expect(again.summary).toMatchObject({ brands: 0, categories: 0, products: { create: 0, change: 0, unchanged: 3 } })
  })

  it('refuses image addresses on this machine or a private network with a problem on the row, fetching nothing', async () => {
    const p = await preview(
      t,
      admin,
      csvOf([
        'Product name,Brand,Categories,Pack name,Price,MRP,Image URLs',
        'Loopback Dal,Kesar Valley,rice,1 kg,80,90,http://127.0.0.1:9/a.png',
        'Private Dal,Kesar Valley,rice,1 kg,80,90,http://10.1.2.3/b.png | http://[::1]/c.png',
        'Metadata Dal,Kesar Valley,rice,1 kg,80,90,http://169.254.169.254/latest/meta-data',
        'Scheme Dal,Kesar Valley,rice,1 kg,80,90,file:///etc/passwd',
      ]),
    )
    const PRIVATE = 'This address is on a private network or this machine: images are fetched from public addresses only'
    expect(p.problems.map((x) => [x.line, x.column, x.message])).toEqual([
      [2, 'Image URLs', `http://127.0.0.1:9/a.png: ${PRIVATE}`],
      [3, 'Image URLs', `http://10.1.2.3/b.png: ${PRIVATE}`],
      [3, 'Image URLs', `http://[::1]/c.png: ${PRIVATE}`],
      [4, 'Image URLs', `http://169.254.169.254/latest/meta-data: ${PRIVATE}`],
      [5, 'Image URLs', 'file:///etc/passwd: An image address starts with https:// (or http://)'],
    ])
    expect(await rows(t, sql`select 1 from media where path like ${`uploads/${websiteId}/%`}`)).toEqual([])
  })

  // PostgreSQL only: PGlite runs one transaction at a time, so it cannot race.
  it.runIf(driver === 'postgres')('six applies of one file at once create each brand and category once, checked in SQL', { timeout: 120_000 }, async () => {
    const file = fileOf('R6')
      .replace(',On hand: Main warehouse', '')
      .replace(/,(\d+)?\n/g, '\n')
    const previews = []
    for (let i = 0; i < 6; i++) previews.push(await preview(t, admin, file))
    for (const p of previews) expect(p.new_brands.map((b) => b.name)).toEqual(['Gehu Ghar R6'])
    const answers = await Promise.all(previews.map((p) => apply(t, admin, p.token)))
    const codes = answers.map((a) => a.statusCode)
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(1)
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true)
    const brands = await rows<{ name: string; n: number }>(
      t,
      sql`select name, count(*)::int as n from brands where website_id = ${websiteId} and name like '% R6' group by name`,
    )
    expect(brands).toEqual([{ name: 'Gehu Ghar R6', n: 1 }])
    const categories = await rows<{ name: string; n: number }>(
      t,
      sql`select name, count(*)::int as n from categories where website_id = ${websiteId} and name like '% R6' group by name order by name`,
    )
    expect(categories).toEqual([
      { name: 'Atta R6', n: 1 },
      { name: 'Millets R6', n: 1 },
      { name: 'Staples R6', n: 1 },
      { name: 'Sweeteners R6', n: 1 },
    ])
    const products = await rows<{ n: number }>(t, sql`select count(*)::int as n from products where website_id = ${websiteId} and name like '% R6'`)
    expect(products).toEqual([{ n: 3 }])
  })
})

describe('catalogue CSV: image addresses on a test server (OUTBOUND_ALLOW_PRIVATE, never in production)', () => {
  let t: TestApp
  let admin: TestSession
  let server: http.Server
  let base: string
  let png: Buffer

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer()
    server = http.createServer((req, res) => {
      if (req.url === '/atta.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>')
      if (req.url === '/moved.png') return res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
      if (req.url === '/huge.png') {
        res.writeHead(200, { 'content-type': 'image/png' })
        return res.end(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]))
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    t = await buildTestApp('pglite', { OUTBOUND_ALLOW_PRIVATE: '1' })
    admin = await signIn(t, '9876500001')
  })
  afterAll(async () => {
    await t.close()
    await new Promise((resolve) => server.close(resolve))
  })

  it('fetches a PNG and keeps it as an upload of the product; a page, a redirect, a 404 or a too-large file is a problem on its row', async () => {
    const p = await preview(
      t,
      admin,
      csvOf([
        'Product name,Brand,Categories,Pack name,Price,MRP,Image URLs',
        `Picture Atta,Kesar Valley,rice,1 kg,80,90,${base}/atta.png`,
        `Page Atta,Kesar Valley,rice,1 kg,80,90,${base}/page.html`,
        `Moved Atta,Kesar Valley,rice,1 kg,80,90,${base}/moved.png`,
        `Gone Atta,Kesar Valley,rice,1 kg,80,90,${base}/gone.png`,
        `Huge Atta,Kesar Valley,rice,1 kg,80,90,${base}/huge.png`,
      ]),
    )
    expect(p.problems.map((x) => [x.line, x.message])).toEqual([
      [3, `${base}/page.html: This file is not a JPEG, PNG or WebP image`],
      [4, `${base}/moved.png: The address sends elsewhere: give the image’s own address`],
      [5, `${base}/gone.png: The address answered 404, not an image`],
      [6, `${base}/huge.png: The image is larger than 10 MB`],
    ])
    // Without the problem rows the same image is applied from the kept preview: nothing is fetched again.
    const good = await preview(
      t,
      admin,
      csvOf(['Product name,Brand,Categories,Pack name,Price,MRP,Image URLs', `Picture Atta,Kesar Valley,rice,1 kg,80,90,${base}/atta.png`]),
    )
    expect(good.problems).toEqual([])
    server.close()
    server.closeAllConnections()
    const res = await apply(t, admin, good.token)
    expect(res.statusCode, res.body).toBe(200)
    const [product] = await rows<{ medias: { src: string }[] }>(t, sql`select medias from products where name = 'Picture Atta'`)
    expect(product.medias).toEqual([{ src: expect.stringMatching(/^uploads\/\d+\/[0-9a-f]{64}\.png$/) }])
    const [media] = await rows<{ content_type: string; width: number; n: number }>(
      t,
      sql`select content_type, width, length(bytes)::int as n from media where path = ${product.medias[0].src}`,
    )
    expect(media).toEqual({ content_type: 'image/png', width: 64, n: png.length })
    const served = await t.call({ method: 'GET', url: `/cdn/${product.medias[0].src}`, origin: MAIN })
    expect(served.statusCode).toBe(200)
  })
})
