import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import pg from 'pg'
import { makePgliteTemplate, makePostgresTemplate } from '../server/db/template'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgTemplateDb: string | null
    pgAdminUrl: string | null
  }
}

/** One seeded template per run for each driver; every test file copies it (fast) and drops its copy. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'))
  const given = process.env.PGLITE_TEMPLATE
  const pgliteTemplate = given && existsSync(given) ? given : path.join(dir, 'pglite.tar')
  const adminUrl = process.env.TEST_PG_URL ?? null
  const pgTemplateDb = adminUrl ? `sf_tpl_${process.pid}` : null
  await Promise.all([
    pgliteTemplate === given ? Promise.resolve() : makePgliteTemplate(pgliteTemplate),
    adminUrl && pgTemplateDb ? makePostgresTemplate(adminUrl, pgTemplateDb) : Promise.resolve(),
  ])
  project.provide('pgliteTemplate', pgliteTemplate)
  project.provide('pgTemplateDb', pgTemplateDb)
  project.provide('pgAdminUrl', adminUrl)
  return async () => {
    if (!adminUrl || !pgTemplateDb) return
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists "${pgTemplateDb}" with (force)`)
    await admin.end()
  }
}
