/**
 * Category rename with 20,000 products (issue 30, budget ≤ 1 s): a database of its own with the generated catalogue,
 * every product moved into one subcategory, then that category renamed through the staff service (updateCategory in a
 * staff write's transaction, as PATCH /api/admin/categories/:id runs it) a few times: the time of each, and the
 * median. The products' search keywords name their categories, so a rename rewrites them (set-based).
 *
 *   npx tsx bench/category-rename.ts [postgres://admin-url] [products]
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDb, rowsOf } from '../server/db/client'
import { withDatabase } from '../server/db/template'
import { updateCategory } from '../server/features/catalogue/admin-taxonomy'
import { staffContext } from './catalogue-csv'
import { createBenchWebsite, generateCatalogue } from './generate-catalogue'

/** issue 30 */
export const RENAME_MAX_MS = 1000

export interface RenameFigures {
  products: number
  /** each rename's time, ms */
  runs: number[]
  medianMs: number
}

export async function benchCategoryRename(
  adminUrl: string,
  options: { products?: number; runs?: number; log?: (m: string) => void } = {},
): Promise<RenameFigures> {
  const log = options.log ?? console.log
  const count = options.products ?? 20_000
  const name = `bench_rename_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  const database = await openDb({ url: withDatabase(adminUrl, name), poolSize: 2 })
  try {
    const db = database.db
    const siteId = await createBenchWebsite(db, 'http://bench.localhost:3000')
    log(`[rename] generating ${count.toLocaleString('en-US')} products, all in one category`)
    await generateCatalogue(db, siteId, { products: count })
    const [category] = rowsOf<{ id: number; name: string }>(
      await db.execute(sql`select id, name from categories where website_id = ${siteId} and parent_id is not null order by id limit 1`),
    )
    await db.transaction(async (tx) => {
      await tx.execute(sql`update products set category_id = ${category.id} where website_id = ${siteId}`)
      await tx.execute(
        sql`update product_categories pc set category_id = ${category.id} from products p where p.id = pc.product_id and p.website_id = ${siteId}`,
      )
    })
    await db.execute(sql`vacuum analyze products`)
    await db.execute(sql`vacuum analyze product_categories`)
    const inIt = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from product_categories where category_id = ${category.id}`))[0].n
    const asStaff = await staffContext(db, siteId)
    const runs: number[] = []
    for (let i = 0; i < (options.runs ?? 3); i++) {
      const started = performance.now()
      const renamed = await asStaff((ctx) => updateCategory(ctx, category.id, { name: `${category.name} ${i + 1}` }))
      if (!renamed.ok) throw new Error(`rename: ${renamed.message}`)
      runs.push(Math.round(performance.now() - started))
      log(`[rename] ${inIt.toLocaleString('en-US')} products: ${runs.at(-1)} ms`)
    }
    const sorted = [...runs].sort((a, b) => a - b)
    return { products: inIt, runs, medianMs: sorted[Math.floor(sorted.length / 2)] }
  } finally {
    await database.close()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
}

export function renameMarkdown(f: RenameFigures): string[] {
  return [
    `### Category rename on PostgreSQL: ${f.products.toLocaleString('en-US')} products in the category`,
    '',
    `PATCH's service (updateCategory in a staff write's transaction), ${f.runs.length} renames: ${f.runs.map((ms) => `${ms} ms`).join(', ')}; median **${f.medianMs} ms** (budget ≤ ${RENAME_MAX_MS.toLocaleString('en-US')} ms): ${f.medianMs <= RENAME_MAX_MS ? 'PASS' : '**FAIL**'}.`,
    '',
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await benchCategoryRename(process.argv[2] ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', {
    products: Number(process.argv[3] ?? 20_000),
  })
  console.log(`\n${renameMarkdown(f).join('\n')}`)
  process.exit(0)
}
