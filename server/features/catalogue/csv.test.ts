import { sql } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminProduct, type CreateProductInput } from '../../../common/contracts/admin-catalogue'
import { ImportPreview } from '../../../common/contracts/admin-catalogue-csv'
import { rowsOf } from '../../db/client'
import { users, websiteMembers } from '../../db/schema/accounts'
import { buildTestApp, drivers, MAIN, SHOP2, type TestApp, type TestSession } from '../../test/app'
import { auditOf, type Cast, cast, staffCall } from '../../test/staff'
import { signIn, websiteOf } from '../../test/shopper'

const EXPORT = '/s/api/admin/catalogue/export.csv'
const IMPORT = '/s/api/admin/catalogue/import'
const HEADER = 'Product name,Slug,Brand,Categories,Status,Pack name,Price,MRP,SKU'

/** A CSV upload as the staff app sends it: the file's bytes, Content-Type text/csv. */
function uploadCsv(t: TestApp, session: TestSession, body: string | Buffer, origin = MAIN) {
  return t.call({ method: 'POST', url: `${IMPORT}?name=test.csv`, session, origin, payload: body, headers: { 'content-type': 'text/csv' } })
}

const csvOf = (lines: string[]) => `${lines.join('\n')}\n`

describe.each(drivers)('catalogue CSV (%s)', (driver) => {
  let t: TestApp
  let who: Cast
  let mainId: number
  const count = async (table: string) => rowsOf<{ n: number }>(await t.app.deps.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n
  const exportCsv = async () => {
    const res = await staffCall(t, who.admin, 'GET', EXPORT)
    expect(res.statusCode, res.body).toBe(200)
    return res
  }
  const preview = async (body: string | Buffer) => {
    const res = await uploadCsv(t, who.admin, body)
    expect(res.statusCode, res.body).toBe(200)
    return ImportPreview.parse(res.json())
  }
  const apply = (token: string, session = who.admin) => staffCall(t, session, 'POST', `${IMPORT}/${token}/apply`, {})
  const create = async (over: Partial<CreateProductInput>) => {
    const res = await staffCall(t, who.admin, 'POST', '/s/api/admin/products', {
      product_name: 'CSV Kit',
      brand: 'Sona Khet',
      categories: ['rice'],
      packs: [{ pack_name: '1 kg', price: 50, act_price: 60 }],
      ...over,
    })
    expect(res.statusCode, res.body).toBe(201)
    return AdminProduct.parse(res.json())
  }

  beforeAll(async () => {
    t = await buildTestApp(driver)
    who = await cast(t)
    mainId = (await websiteOf(t, MAIN)).id
  })
  afterAll(() => t.close())

  it('exports one row per pack with a BOM, the header, stock per warehouse, and formula cells neutralised', async () => {
    await create({
      product_name: '=HYPERLINK("http://evil.example")',
      search_keywords: '@risky +plus',
      packs: [{ pack_name: '-1 kg', price: 10, act_price: 12, sku: 'FORMULA-1' }],
    })
    const res = await exportCsv()
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const rows = parse(res.rawPayload, { bom: true }) as string[][]
    const [header, ...data] = rows
    expect(header.slice(0, 19)).toEqual([
      'Product name',
      'Slug',
      'Brand',
      'Categories',
      'Status',
      'Description',
      'Info',
      'Search keywords',
      'HSN code',
      'GST rate',
      'Cess rate',
      'Pack name',
      'Price',
      'MRP',
      'SKU',
      'Barcode',
      'Weight (g)',
      'Sort order',
      'Low-stock threshold',
    ])
    expect(header.slice(19).every((h) => h.startsWith('On hand: '))).toBe(true)
    const packs = rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from packs where website_id = ${mainId}`))[0].n
    expect(data.length).toBe(packs)
    const evil = data.find((r) => r[14] === 'FORMULA-1')!
    expect(evil[0]).toBe(`'=HYPERLINK("http://evil.example")`)
    expect(evil[7]).toBe(`'@risky +plus`)
    expect(evil[11]).toBe(`'-1 kg`)
    expect(evil.slice(12, 14)).toEqual(['10.00', '12.00'])
  })

  it('round-trips: importing an export changes nothing, and applying it writes nothing but the import’s own audit row', async () => {
    const file = (await exportCsv()).rawPayload
    const before = await count('audit_log')
    const versions = rowsOf(await t.app.deps.db.execute(sql`select id, version from products order by id`))
    const p = await preview(file)
    expect(p.problems).toEqual([])
    expect(p.lines).toEqual([])
    expect(p.summary.products.create + p.summary.products.change + p.summary.packs.create + p.summary.packs.change + p.summary.stock).toBe(0)
    expect(p.summary.packs.unchanged).toBe(p.summary.rows)
    const res = await apply(p.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().summary).toEqual(p.summary)
    expect((await auditOf(t, res)).map((r) => r.action)).toEqual(['catalogue_import.apply'])
    expect(await count('audit_log')).toBe(before + 2) // the preview's and the apply's
    expect(rowsOf(await t.app.deps.db.execute(sql`select id, version from products order by id`))).toEqual(versions)
    // The same export again: byte for byte what it was.
    expect((await exportCsv()).rawPayload.equals(file)).toBe(true)
  })

  it('creates and changes by SKU, audits each product, and re-importing the same file changes nothing', async () => {
    const file = csvOf([
      `${HEADER},On hand: Main Warehouse`,
      'Kesar Saffron Tea,,Kesar Valley,"beverages, healthy-snacks",active,100 g,149.50,180,KS-TEA-100,25',
      'Kesar Saffron Tea,,Kesar Valley,"beverages, healthy-snacks",active,250 g,320,320,KS-TEA-250,',
    ])
    const warehouse = rowsOf<{ name: string }>(
      await t.app.deps.db.execute(sql`select name from warehouses where website_id = ${mainId} order by is_default desc, id limit 1`),
    )[0].name
    const csv = file.replace('Main Warehouse', warehouse)
    const first = await preview(csv)
    expect(first.problems).toEqual([])
    expect(first.summary).toMatchObject({ rows: 2, products: { create: 1, change: 0 }, packs: { create: 2 }, stock: 1 })
    const res = await apply(first.token)
    expect(res.statusCode, res.body).toBe(200)
    const audit = await auditOf(t, res)
    expect(audit.map((r) => [r.action, r.entity])).toEqual([
      ['product.import', 'product'],
      ['catalogue_import.apply', 'catalogue_import'],
    ])
    expect(audit[0].after).toMatchObject({
      product_name: 'Kesar Saffron Tea',
      slug: 'kesar-saffron-tea',
      categories: ['beverages', 'healthy-snacks'],
      packs: [{ sku: 'KS-TEA-100', price: 149.5 }, { sku: 'KS-TEA-250' }],
    })
    const shown = await t.call({ method: 'GET', url: '/s/api/products/kesar-saffron-tea' })
    expect(shown.statusCode).toBe(200)
    expect(shown.json().packs.map((k: { price: number }) => k.price)).toEqual([149.5, 320])

    // The same file again: nothing to do (the product is found by its SKUs, its packs by SKU).
    const again = await preview(csv)
    expect(again.problems).toEqual([])
    expect(again.summary).toMatchObject({ products: { create: 0, change: 0, unchanged: 1 }, packs: { create: 0, change: 0, unchanged: 2 }, stock: 0 })

    // A new price and name change one pack and the product.
    // A low-stock threshold, through the stock service (its own audit row), and back to the default.
    const marked = await preview(
      `${csv.trimEnd().replace(',On hand:', ',Low-stock threshold,On hand:').replace('KS-TEA-100,25', 'KS-TEA-100,7,25').replace('KS-TEA-250,', 'KS-TEA-250,,')}\n`,
    )
    expect(marked.problems).toEqual([])
    expect(marked.summary).toMatchObject({ packs: { change: 0, unchanged: 2 }, stock: 0, thresholds: 1 })
    expect(marked.lines).toMatchObject([{ line: 2, product: 'unchanged', pack: 'unchanged', changes: ['Low-stock threshold'] }])
    const markedRes = await apply(marked.token)
    expect(markedRes.statusCode, markedRes.body).toBe(200)
    expect((await auditOf(t, markedRes)).map((r) => [r.action, r.after])).toEqual([
      ['stock.threshold', { low_stock_threshold: 7 }],
      ['catalogue_import.apply', expect.anything()],
    ])
    const exported = (parse((await exportCsv()).rawPayload, { bom: true }) as string[][]).find((r) => r[14] === 'KS-TEA-100')!
    expect(exported[18]).toBe('7')

    const changed = await preview(csv.replace('149.50', '139').replace(/Kesar Saffron Tea/g, 'Kesar Saffron Chai'))
    expect(changed.summary).toMatchObject({ products: { change: 1 }, packs: { change: 1, unchanged: 1 } })
    expect(changed.lines[0]).toMatchObject({ line: 2, product: 'change', pack: 'change', changes: ['Product name', 'Price'] })
    expect((await apply(changed.token)).statusCode).toBe(200)
    const after = await t.call({ method: 'GET', url: '/s/api/products/kesar-saffron-tea' })
    expect(after.json()).toMatchObject({ product_name: 'Kesar Saffron Chai', packs: [{ price: 139 }, { price: 320 }] })
  })

  it('takes the cess rate per product: imported, changed, exported, and a bad cess refused on its cell', async () => {
    const head = `${HEADER},HSN code,GST rate,Cess rate`
    const row = (cess: string) => `Fizz Cess Cola,,Kesar Valley,beverages,active,750 ml,40,40,CESS-COLA-1,2202,28,${cess}`
    const first = await preview(csvOf([head, row('12')]))
    expect(first.problems).toEqual([])
    expect((await apply(first.token)).statusCode).toBe(200)
    const made = rowsOf<{ id: number; cess_rate: number | null; gst_rate: number }>(
      await t.app.deps.db.execute(sql`select id, cess_rate, gst_rate from products where name = 'Fizz Cess Cola'`),
    )[0]
    expect(made).toMatchObject({ cess_rate: 12, gst_rate: 28 })
    const exported = parse((await exportCsv()).rawPayload, { bom: true }) as string[][]
    const cessAt = exported[0].indexOf('Cess rate')
    expect(exported.find((r) => r.includes('CESS-COLA-1'))?.[cessAt]).toBe('12')
    const changed = await preview(csvOf([head, row('5%')]))
    expect(changed.lines).toMatchObject([{ product: 'change', changes: ['Cess rate'] }])
    expect((await apply(changed.token)).statusCode).toBe(200)
    const none = await preview(csvOf([head, row('')]))
    expect(none.lines).toMatchObject([{ product: 'change', changes: ['Cess rate'] }])
    const bad = await preview(csvOf([head, row('1.5'), row('300').replace('CESS-COLA-1', 'CESS-COLA-2'), row('lots').replace('CESS-COLA-1', 'CESS-COLA-3')]))
    expect(bad.problems.map((x) => [x.line, x.column, x.message])).toEqual([
      [2, 'Cess rate', 'Cess must be a whole percent'],
      [3, 'Cess rate', 'Cess is at most 290 %'],
      [4, 'Cess rate', 'Cess must be a number'],
    ])
  })

  it('lists every problem by line and column: a brand name too long, an empty category path, bad prices, duplicate and taken SKUs, missing cells, formulas', async () => {
    await create({ product_name: 'SKU Owner', packs: [{ pack_name: '1 kg', price: 50, act_price: 60, sku: 'OWNED-SKU' }] })
    const products = await count('products')
    const p = await preview(
      csvOf([
        HEADER,
        'Good One,,Kesar Valley,rice,,1 kg,10,12,OK-1',
        `Bad Brand,,${'B'.repeat(81)},rice,,1 kg,10,12,BB-1`,
        'Bad Aisle,,Kesar Valley,"rice, >",,1 kg,10,12,BA-1',
        'Bad Price,,Kesar Valley,rice,,1 kg,abc,12,BP-1',
        'Negative,,Kesar Valley,rice,,1 kg,-5,12,NG-1',
        'Above MRP,,Kesar Valley,rice,,1 kg,15,12,AM-1',
        'Twin,,Kesar Valley,rice,,1 kg,10,12,OK-1',
        'Taken,taken-elsewhere,Kesar Valley,rice,,1 kg,10,12,OWNED-SKU',
        ',,Kesar Valley,rice,,1 kg,10,,NM-1',
        '=cmd|calc,,Kesar Valley,rice,,1 kg,10,12,FX-1',
        `'=cmd|calc,,Kesar Valley,rice,,1 kg,10,12,FX-2`,
        'Bad Status,,Kesar Valley,rice,sold,1 kg,10,12,ST-1',
      ]),
    )
    expect(p.problems.map((x) => [x.line, x.column, x.message])).toEqual([
      [3, 'Brand', 'A brand name is at most 80 characters'],
      [4, 'Categories', '“>” has no category name'],
      [5, 'Price', 'Price must be a number'],
      [6, 'Price', 'Price must be more than 0'],
      [7, 'Price', 'Price cannot be more than the MRP'],
      [8, 'SKU', 'The SKU “OK-1” is also on line 2'],
      [9, 'SKU', 'The SKU “OWNED-SKU” is used by another product, “SKU Owner” (sku-owner): a pack cannot move to another product'],
      [10, 'Product name', 'Product name is required'],
      [10, 'MRP', 'MRP is required'],
      [11, 'Product name', "This cell starts with “=”, so a spreadsheet app would run it as a formula: put an apostrophe (') before it"],
      [13, 'Status', 'Status must be draft, active or archived'],
    ])
    // The neutralised formula on line 12 is a name like any other.
    expect(p.lines.find((l) => l.line === 12)).toMatchObject({ product_name: '=cmd|calc', product: 'create' })
    const res = await apply(p.token)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject({ '3:Brand': 'A brand name is at most 80 characters' })
    expect(await count('products')).toBe(products)
  })

  it('answers 422 for a file that is not UTF-8, has more than 10,000 rows, is a workbook, or lacks columns', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nCaf`), Buffer.from([0xe9]), Buffer.from(',,Kesar Valley,rice,,1 kg,10,12,X\n')])
    const cases: [string | Buffer, RegExp][] = [
      [latin1, /^The file is not UTF-8 text \(line 2 has bytes that are not\): save it as “CSV UTF-8 \(comma delimited\)”$/],
      [Buffer.from(`\ufeff${HEADER}\n`, 'utf16le'), /UTF-16/],
      [Buffer.from('PK\x03\x04rest-of-a-zip', 'latin1'), /workbook/],
      ['', /empty/],
      [`${HEADER}\n"unclosed,quote\n`, /not valid CSV/],
      [csvOf([HEADER, ...Array.from({ length: 10_001 }, (_, i) => `P${i},,Kesar Valley,rice,,1 kg,10,12,S-${i}`)]), /^The file has more than 10,000 rows/],
    ]
    const audited = await count('audit_log')
    for (const [body, message] of cases) {
      const res = await uploadCsv(t, who.admin, body)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().errors.file).toMatch(message)
    }
    expect(await count('audit_log')).toBe(audited)
    // Not a CSV upload at all, or too big: refused before anything is read into the plan.
    const json = await staffCall(t, who.admin, 'POST', IMPORT, { csv: 'a,b' })
    expect(json.statusCode).toBe(422)
    expect(json.json().errors.file).toBe('Upload a CSV file (Content-Type: text/csv)')
    expect(
      (await t.call({ method: 'POST', url: IMPORT, session: who.admin, payload: 'a,b', headers: { 'content-type': 'application/vnd.ms-excel' } })).statusCode,
    ).toBe(415)
    expect((await uploadCsv(t, who.admin, Buffer.alloc(33 * 1024 * 1024, 'a'))).statusCode).toBe(413)
    expect(await count('audit_log')).toBe(audited)
    // A spreadsheet saved with semicolons (some locales) reads the same.
    const semicolons = await preview('Product name;Brand;Categories;Pack name;Price;MRP;SKU\nSemi Colon Rice;Kesar Valley;rice;1 kg;"1,099.50";1200;SEMI-1\n')
    expect(semicolons.problems).toEqual([])
    expect(semicolons.lines).toMatchObject([{ product_name: 'Semi Colon Rice', pack: 'create' }])
    const noPrice = await preview('Product name,Brand,Categories,Pack name,MRP,Colour\nA,Kesar Valley,rice,1 kg,12,red\n')
    expect(noPrice.problems.map((x) => [x.line, x.column, x.message])).toEqual([
      [1, 'Colour', expect.stringMatching(/^Unknown column “Colour”/)],
      [1, null, 'The file has no “Price” column'],
      [2, 'Price', 'Price is required'],
    ])
  })

  it('keeps a preview for its uploader on its website only; applies once', async () => {
    const p = await preview(csvOf([HEADER, 'Once Only,,Kesar Valley,rice,,1 kg,10,12,ONCE-1']))
    // The same person on the other website, and another admin of this website: no such import.
    expect((await staffCall(t, who.adminShop2, 'POST', `${IMPORT}/${p.token}/apply`, {}, SHOP2)).statusCode).toBe(404)
    const [other] = await t.app.deps.db
      .insert(users)
      .values({ name: 'Second Admin', phone: '9876500098', phoneVerifiedAt: new Date() })
      .returning({ id: users.id })
    await t.app.deps.db.insert(websiteMembers).values({ websiteId: mainId, userId: other.id, hasAdminAccess: true })
    expect((await apply(p.token, await signIn(t, '9876500098'))).statusCode).toBe(404)
    expect((await apply('x'.repeat(24))).statusCode).toBe(404)
    expect((await apply(p.token)).statusCode).toBe(200)
    const twice = await apply(p.token)
    expect(twice.statusCode).toBe(409)
    await t.app.deps.db.execute(sql`update catalogue_imports set expires_at = now() - interval '1 minute' where token = ${p.token}`)
    expect((await apply(p.token)).statusCode).toBe(404)
  })

  it('refuses with 409, naming the row and writing nothing, when a colleague made a product with a row’s SKU after the preview', async () => {
    const p = await preview(csvOf([HEADER, 'Preview One,,Kesar Valley,rice,,1 kg,10,12,SEEN-1', 'Preview Two,,Kesar Valley,rice,,1 kg,20,24,SEEN-2']))
    expect(p.problems).toEqual([])
    expect(p.summary).toMatchObject({ products: { create: 2, change: 0 }, packs: { create: 2 } })
    // Meanwhile a colleague creates a product with the second row's SKU.
    const theirs = await create({ product_name: 'Colleague Rice', packs: [{ pack_name: '5 kg', price: 300, act_price: 320, sku: 'SEEN-2' }] })
    const before = { products: await count('products'), packs: await count('packs'), audit: await count('audit_log') }
    const res = await apply(p.token)
    expect(res.statusCode, res.body).toBe(409)
    const body = res.json()
    expect(body.message).toMatch(/^The catalogue changed since the preview: line 3 “Preview Two”: the preview showed a new product/)
    expect(body.message).toContain(`now it would be product #${theirs.product_id} changed`)
    expect(body.message).toMatch(/Nothing was imported; check the file again\.$/)
    expect(Object.keys(body.errors)).toEqual(['3:'])
    // Nothing written: the colleague's product as they saved it, no product made from the file.
    expect({ products: await count('products'), packs: await count('packs'), audit: await count('audit_log') }).toEqual(before)
    const [row] = rowsOf<{ name: string; version: number; pack: string; price: number }>(
      await t.app.deps.db.execute(
        sql`select p.name, p.version, k.name as pack, k.price_paise as price from products p join packs k on k.product_id = p.id where k.sku = 'SEEN-2'`,
      ),
    )
    expect(row).toEqual({ name: 'Colleague Rice', version: theirs.version, pack: '5 kg', price: 30000 })
    expect(
      rowsOf<{ n: number }>(await t.app.deps.db.execute(sql`select count(*)::int as n from products where name in ('Preview One', 'Preview Two')`))[0].n,
    ).toBe(0)
    // Checked again, the file shows what it would do now, and that is applied.
    const again = await preview(csvOf([HEADER, 'Preview One,,Kesar Valley,rice,,1 kg,10,12,SEEN-1', 'Preview Two,,Kesar Valley,rice,,1 kg,20,24,SEEN-2']))
    expect(again.summary).toMatchObject({ products: { create: 1, change: 1 } })
    expect((await apply(again.token)).statusCode).toBe(200)
  })

  it('refuses with 409 when a product the import changes was saved by someone after the preview', async () => {
    const mine = await create({ product_name: 'Version Rice', packs: [{ pack_name: '1 kg', price: 50, act_price: 60, sku: 'VER-1' }] })
    const p = await preview(csvOf([HEADER, `Version Rice,${mine.slug},Sona Khet,rice,,1 kg,55,60,VER-1`]))
    expect(p.problems).toEqual([])
    expect(p.lines).toMatchObject([{ line: 2, product: 'unchanged', pack: 'change', changes: ['Price'] }])
    const saved = await staffCall(t, who.admin, 'PATCH', `/s/api/admin/products/${mine.product_id}`, { version: mine.version, search_keywords: 'colleague' })
    expect(saved.statusCode, saved.body).toBe(200)
    const res = await apply(p.token)
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().errors).toEqual({ '2:': `“Version Rice”: product #${mine.product_id} was changed by someone since the preview` })
    const [row] = rowsOf<{ price: number; version: number; keywords: string }>(
      await t.app.deps.db.execute(
        sql`select k.price_paise as price, p.version, p.search_keywords as keywords from packs k join products p on p.id = k.product_id where k.sku = 'VER-1'`,
      ),
    )
    expect(row).toEqual({ price: 5000, version: mine.version + 1, keywords: 'colleague' })
  })

  it('applies all or nothing: a failure in the middle leaves nothing written', async () => {
    const p = await preview(csvOf([HEADER, 'Atomic One,,Kesar Valley,rice,,1 kg,10,12,AT-1', 'Atomic Two,,Kesar Valley,rice,,1 kg,99.99,120,AT-2']))
    expect(p.problems).toEqual([])
    const before = { products: await count('products'), packs: await count('packs'), audit: await count('audit_log') }
    // The second pack's insert fails after the products are written.
    await t.app.deps.db.execute(sql`alter table packs add constraint test_refuse_9999 check (price_paise <> 9999)`)
    try {
      expect((await apply(p.token)).statusCode).toBe(500)
    } finally {
      await t.app.deps.db.execute(sql`alter table packs drop constraint test_refuse_9999`)
    }
    expect({ products: await count('products'), packs: await count('packs'), audit: await count('audit_log') }).toEqual(before)
    // Still there to apply once the cause is gone.
    expect((await apply(p.token)).statusCode).toBe(200)
    expect(await count('products')).toBe(before.products + 2)
  })

  it('imports a 10,000-row file in one go, stock through the stock ledger', async () => {
    const warehouse = rowsOf<{ id: number; name: string }>(
      await t.app.deps.db.execute(sql`select id, name from warehouses where website_id = ${mainId} order by is_default desc, id limit 1`),
    )[0]
    const lines = [`${HEADER},Weight (g),On hand: ${warehouse.name}`]
    for (let i = 0; i < 2500; i++)
      for (const [j, size] of ['250 g', '500 g', '1 kg', '5 kg'].entries())
        lines.push(`Bulk Dal ${i},,Kesar Valley,"rice, dals-pulses",active,${size},${50 + j},${60 + j},BULK-${i}-${j},${250 * (j + 1)},${i % 7}`)
    const started = Date.now()
    const p = await preview(csvOf(lines))
    expect(p.problems).toEqual([])
    expect(p.summary).toEqual({
      rows: 10_000,
      products: { create: 2500, change: 0, unchanged: 0 },
      packs: { create: 10_000, change: 0, unchanged: 0 },
      stock: 10_000 - 4 * Math.ceil(2500 / 7),
      thresholds: 0,
      brands: 0,
      categories: 0,
    })
    const res = await apply(p.token)
    expect(res.statusCode, res.body).toBe(200)
    const made = rowsOf<{ products: number; packs: number; stock: number; ledger: number }>(
      await t.app.deps.db.execute(sql`
        select (select count(*)::int from products where name like 'Bulk Dal %') as products,
               (select count(*)::int from packs where sku like 'BULK-%') as packs,
               (select coalesce(sum(s.quantity), 0)::int from stock s join packs k on k.id = s.pack_id where k.sku like 'BULK-%') as stock,
               (select count(*)::int from stock_ledger where reason = 'import') as ledger`),
    )[0]
    const expectedStock = 4 * Array.from({ length: 2500 }, (_, i) => i % 7).reduce((a, b) => a + b, 0)
    expect(made).toEqual({ products: 2500, packs: 10_000, stock: expectedStock, ledger: expect.any(Number) })
    expect(made.ledger).toBeGreaterThanOrEqual(p.summary.stock)
    expect(
      rowsOf<{ n: number }>(
        await t.app.deps.db.execute(sql`select count(*)::int as n from audit_log where action = 'product.import' and data->>'import' = ${p.token}`),
      )[0].n,
    ).toBe(2500)
    console.log(`${driver}: 10,000 rows previewed and applied in ${Date.now() - started} ms`)
    // Again: nothing to do.
    const again = await preview(csvOf(lines))
    expect(again.summary).toMatchObject({ products: { create: 0, change: 0, unchanged: 2500 }, packs: { create: 0, change: 0, unchanged: 10_000 }, stock: 0 })
    // Every price, product name and stock count changed: each one is written.
    const changedLines = lines.map((l, i) =>
      i === 0
        ? l
        : l
            .replace(/^Bulk Dal (\d+),/, 'Bulk Dal $1 New,')
            .replace(/,(\d+),(\d+),BULK-/, (_, a, b) => `,${Number(a) - 1},${b},BULK-`)
            .replace(/,(\d+)$/, (_, n) => `,${Number(n) + 1}`),
    )
    const third = await preview(csvOf(changedLines))
    expect(third.problems).toEqual([])
    expect(third.summary).toMatchObject({ products: { change: 2500 }, packs: { change: 10_000 }, stock: 10_000 })
    expect((await apply(third.token)).statusCode).toBe(200)
    const now = rowsOf<{ renamed: number; price: number; stock: number }>(
      await t.app.deps.db.execute(sql`
        select (select count(*)::int from products where name like 'Bulk Dal % New') as renamed,
               (select sum(price_paise)::int from packs where sku like 'BULK-%') as price,
               (select sum(s.quantity)::int from stock s join packs k on k.id = s.pack_id where k.sku like 'BULK-%') as stock`),
    )[0]
    expect(now).toEqual({ renamed: 2500, price: 2500 * (4900 + 5000 + 5100 + 5200), stock: expectedStock + 10_000 })
  }, 240_000)

  it.runIf(driver === 'postgres')('lets one of several concurrent applies of the same new product win (PostgreSQL race)', async () => {
    const file = csvOf([HEADER, 'Race Product,,Kesar Valley,rice,,1 kg,10,12,RACE-1'])
    const tokens = await Promise.all(Array.from({ length: 6 }, async () => (await preview(file)).token))
    const answers = await Promise.all(tokens.map((token) => apply(token)))
    const codes = answers.map((a) => a.statusCode)
    // The first to commit creates it; the others either hit the unique index (422) or plan after that commit, when
    // the row would no longer create what their preview showed (409).
    expect(
      codes.every((c) => c === 200 || c === 409 || c === 422),
      codes.join(','),
    ).toBe(true)
    expect(codes.filter((c) => c === 200).length, codes.join(',')).toBe(1)
    const created = answers.filter((a) => a.statusCode === 200 && a.json().summary.products.create === 1)
    expect(created.length).toBe(1)
    const rows = rowsOf<{ products: number; packs: number }>(
      await t.app.deps.db.execute(
        sql`select (select count(*)::int from products where name = 'Race Product') as products, (select count(*)::int from packs where sku = 'RACE-1') as packs`,
      ),
    )[0]
    expect(rows).toEqual({ products: 1, packs: 1 })
  })
})
