import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseOptions } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The import rules of .dependency-cruiser.cjs (what `npm run lint` runs through scripts/check-dependencies.mjs), run
 * over a planted tree in a temporary folder: each planted file either breaks a rule or shows what the rule allows.
 */
const config = path.resolve(import.meta.dirname, '../.dependency-cruiser.cjs')

const TABLE = "export const orders = { id: 'orders.id' }\nexport type OrderStatus = 'placed' | 'paid'\n"
const PLANTED: Record<string, string> = {
  'server/db/schema/orders.ts': TABLE,
  'server/db/schema/index.ts': "export * from './orders'\n",
  'server/db/client.ts': "import * as schema from './schema/index'\nexport const tables = schema\n",
  // allowed: a feature's queries, in each of the three namings
  'server/features/shop/queries.ts': "import { orders } from '../../db/schema/orders'\nexport const byId = () => orders.id\n",
  'server/features/shop/queries/lines.ts': "import { orders } from '../../../db/schema/orders'\nexport const lines = () => orders.id\n",
  'server/features/shop/admin-queries.ts': "import { orders } from '../../db/schema/orders'\nexport const staffList = () => orders.id\n",
  // allowed: a type from anywhere, named with `import type`
  'server/features/shop/answer.ts':
    "import type { OrderStatus } from '../../db/schema/orders'\nimport { byId } from './queries'\nexport const answer = (s: OrderStatus) => [s, byId()]\n",
  // allowed: tests and test kits
  'server/features/shop/shop.test.ts': "import { orders } from '../../db/schema/orders'\nexport const planted = orders\n",
  'server/features/shop/test-kit.ts': "import { orders } from '../../db/schema/orders'\nexport const kit = orders\n",
  // refused: a service reading the table itself
  'server/features/shop/service.ts': "import { orders } from '../../db/schema/orders'\nexport const find = () => orders.id\n",
  // refused: the platform too
  'server/platform/log.ts': "import { orders } from '../db/schema/orders'\nexport const logged = orders\n",
  // refused: the barrel, even for a type, even in a queries file or a test
  'server/features/shop/queries/barrel.ts': "import { orders } from '../../../db/schema/index'\nexport const viaBarrel = () => orders.id\n",
  'server/features/shop/barrel.test.ts': "import type { OrderStatus } from '../../db/schema/index'\nexport const s: OrderStatus = 'paid'\n",
  // client: allowed within a feature (its staff part too), and in routes, where features meet
  'client/features/shelf/api.ts': "export const shelfQuery = () => ['shelf']\nexport type Shelf = { id: number }\n",
  'client/features/shelf/staff/shelf-view.ts': "import { shelfQuery } from '../api'\nexport const view = shelfQuery\n",
  'client/features/basket/api.ts': "export const basketQuery = () => ['basket']\n",
  'client/routes/shelf.ts':
    "import { shelfQuery } from '../features/shelf/api'\nimport { basketQuery } from '../features/basket/api'\nexport const both = [shelfQuery, basketQuery]\n",
  // refused: one feature importing another, a type or from a test too
  'client/features/basket/basket-line.ts': "import { shelfQuery } from '../shelf/api'\nexport const line = shelfQuery\n",
  'client/features/basket/basket.test.ts': "import type { Shelf } from '../shelf/api'\nexport const s: Shelf = { id: 1 }\n",
  'client/features/shelf/staff/basket-report.ts': "import { basketQuery } from '../../basket/api'\nexport const report = basketQuery\n",
}

describe('the import rules, on a planted tree', () => {
  let root: string
  let violations: { rule: string; from: string; to: string }[]

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'import-rules-'))
    for (const [file, text] of Object.entries(PLANTED)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), text)
    }
    const options: ICruiseOptions = { ...(await extractDepcruiseOptions(config)), baseDir: root }
    const result = await cruise(['server', 'client'], options)
    if (typeof result.output === 'string') throw new Error('expected the cruise result, got a report')
    violations = result.output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const refused = (rule: string) =>
    violations
      .filter((v) => v.rule === rule)
      .map((v) => v.from)
      .sort()

  it('tables-only-in-queries: refuses a table value imported outside queries files, tests and server/db', () => {
    expect(refused('tables-only-in-queries')).toEqual(['server/features/shop/service.ts', 'server/platform/log.ts'])
  })

  it('no-schema-barrel: refuses server/db/schema/index.ts to all but drizzle client and the template', () => {
    expect(refused('no-schema-barrel')).toEqual(['server/features/shop/barrel.test.ts', 'server/features/shop/queries/barrel.ts'])
  })

  it('client-features-apart: refuses a client feature importing another (a type, a test, a staff part too), not a route', () => {
    expect(refused('client-features-apart')).toEqual([
      'client/features/basket/basket-line.ts',
      'client/features/basket/basket.test.ts',
      'client/features/shelf/staff/basket-report.ts',
    ])
  })

  it('finds nothing else in the planted tree', () => {
    const shown = ['tables-only-in-queries', 'no-schema-barrel', 'client-features-apart']
    expect(violations.filter((v) => !shown.includes(v.rule))).toEqual([])
  })
})
