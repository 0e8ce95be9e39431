import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { ensurePgliteTemplate, ensurePostgresTemplate, pgliteTemplateFile, postgresTemplateName, templateKey } from './template-cache'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgTemplateDb: string | null
    pgAdminUrl: string | null
    /** a folder where a test file puts `wanted`, and `ready` or `failed` appears once the templates are there (server/test/templates.ts) */
    templatesStatus: string
  }
}

/**
 * One seeded template for each driver that every test file copies its databases from (a second each), taken from
 * the cache (tests/template-cache.ts) when the migrations and the seed are what built it. A missing one is built by a
 * process of its own once the first test file that needs it is loaded; those wait for it, the others run.
 * PGLITE_TEMPLATE names a PGlite template to use instead (scripts/test.sh builds one).
 */
export default async function setup(project: TestProject) {
  const key = await templateKey()
  const given = process.env.PGLITE_TEMPLATE
  const pgliteTemplate = given && existsSync(given) ? given : pgliteTemplateFile(key)
  const adminUrl = process.env.TEST_PG_URL ?? null
  const pgTemplateDb = adminUrl ? postgresTemplateName(key) : null
  const status = mkdtempSync(path.join(os.tmpdir(), 'storefront-templates-'))
  project.provide('pgliteTemplate', pgliteTemplate)
  project.provide('pgTemplateDb', pgTemplateDb)
  project.provide('pgAdminUrl', adminUrl)
  project.provide('templatesStatus', status)
  const wanted = {
    pglite: pgliteTemplate === given ? undefined : pgliteTemplate,
    postgres: adminUrl && pgTemplateDb ? { adminUrl, name: pgTemplateDb } : undefined,
  }
  const cached = (!wanted.pglite || existsSync(wanted.pglite)) && (!wanted.postgres || (await databaseExists(wanted.postgres.adminUrl, wanted.postgres.name)))
  let stopBuilder = () => {}
  if (cached) {
    // both there: this marks them used (and drops old ones) in a few milliseconds
    await Promise.all([
      wanted.pglite && ensurePgliteTemplate(wanted.pglite),
      wanted.postgres && ensurePostgresTemplate(wanted.postgres.adminUrl, wanted.postgres.name),
    ])
    writeFileSync(path.join(status, 'ready'), '')
  } else {
    // built once a test file asks for it (server/test/templates.ts): tests that need no database run at full speed
    const asked = setInterval(() => {
      if (!existsSync(path.join(status, 'wanted'))) return
      clearInterval(asked)
      stopBuilder = buildInBackground(wanted, status)
    }, 50)
    stopBuilder = () => clearInterval(asked)
  }
  return async () => {
    // a build still under way when the tests are over (they all failed before needing it) is stopped
    stopBuilder()
    rmSync(status, { recursive: true, force: true })
  }
}

async function databaseExists(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
  } finally {
    await admin.end()
  }
}

/** Builds the missing templates in a process of its own; `ready` or `failed` in `status` when it ends. Answers how to stop it. */
function buildInBackground(wanted: object, status: string): () => void {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/build-templates.ts', JSON.stringify(wanted)], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    stdio: ['ignore', 'inherit', 'pipe'],
  })
  let said = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString('utf8')).slice(-20_000)
    process.stderr.write(chunk)
  })
  const fail = (why: string) => writeFileSync(path.join(status, 'failed'), `${why}\n${said}`)
  let stopped = false
  child.on('error', (err) => stopped || fail(err.message))
  child.on('exit', (code, signal) => {
    if (stopped) return
    if (code === 0) writeFileSync(path.join(status, 'ready'), '')
    else fail(`tests/build-templates.ts ended with ${signal ?? `exit code ${code}`}`)
  })
  return () => {
    stopped = true
    if (child.exitCode === null && child.signalCode === null) child.kill()
  }
}
