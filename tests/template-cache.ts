import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import pg from 'pg'
import { makePgliteTemplate, makePostgresTemplate } from '../server/db/template'

// The seeded templates tests copy their databases from, kept between runs: building one takes 25 s to 2 minutes
// (initdb in WASM, 34 migrations, the seed with its generated images), copying one a second. A template is named
// by a key of everything that decides its content, so a run uses the one its code would build, or builds it.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const TEMPLATE_CACHE_DIR = process.env.TEMPLATE_CACHE_DIR ?? path.join(ROOT, 'node_modules/.cache/storefront-templates')
/** the packages whose version changes what a template holds or how it is stored */
const PACKAGES = ['@electric-sql/pglite', 'drizzle-orm', 'pg', 'sharp']
/** a template not used for this long, and not among the most recent ones, is deleted (no run lasts an hour) */
const UNUSED_MS = 3_600_000
const KEEP = 4

/**
 * 16 hex digits of a hash of the migrations (drizzle/), every source file the template code runs (the seed, the schema
 * and the services the seed calls: the import graph of server/db/template.ts, as esbuild follows it) and the versions
 * of the packages that write it. Any change there is a new key; nothing else is.
 */
export async function templateKey(): Promise<string> {
  const { metafile } = await build({
    entryPoints: ['server/db/template.ts'],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  })
  const migrations = filesUnder(path.join(ROOT, 'drizzle')).map((f) => path.relative(ROOT, f))
  const hash = createHash('sha256')
  for (const file of [...new Set([...Object.keys(metafile.inputs), ...migrations])].sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0')
  for (const name of PACKAGES) hash.update(`${name}@${JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version}\0`)
  return hash.digest('hex').slice(0, 16)
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
}

export const pgliteTemplateFile = (key: string, dir = TEMPLATE_CACHE_DIR) => path.join(dir, `pglite-${key}.tar`)
export const postgresTemplateName = (key: string) => `sf_tpl_${key}`

/**
 * The PGlite template `file` (see pgliteTemplateFile), built when missing. Written under a name of its own, then
 * renamed: a run never reads a half-written one, and two runs building it at once both end with a whole one.
 */
export async function ensurePgliteTemplate(file: string) {
  if (existsSync(file)) return touch(file)
  mkdirSync(path.dirname(file), { recursive: true })
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`
  try {
    await makePgliteTemplate(partial)
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
  pruneFiles(path.dirname(file), file)
}

const touch = (file: string) => {
  const now = new Date()
  utimesSync(file, now, now)
}

/** Deletes the templates of other keys not used for an hour (beyond the few most recent) and partial files left by runs that were stopped. */
function pruneFiles(dir: string, current: string) {
  const now = Date.now()
  const files = readdirSync(dir)
    .filter((name) => name.startsWith('pglite-'))
    .map((name) => ({ file: path.join(dir, name), used: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used)
  let kept = 0
  for (const { file, used } of files) {
    if (file === current) continue
    const partial = file.endsWith('.partial')
    if (!partial && ++kept <= KEEP) continue
    if (now - used > UNUSED_MS) rmSync(file, { force: true })
  }
}

/** what marks a PostgreSQL template database as one of these, and when a run last used it */
const NOTE = 'storefront test template, last used '

/**
 * The PostgreSQL template database `name` (see postgresTemplateName), built when missing. Built as `<name>_b<pid>`
 * and renamed once seeded, so a database with the template's name is always complete; two runs building at once: the
 * second rename fails, that run drops its copy and uses the first.
 */
export async function ensurePostgresTemplate(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
    if (!(await exists())) {
      const building = `${name}_b${process.pid}`
      await makePostgresTemplate(adminUrl, building)
      try {
        await renameWhenIdle(admin, building, name)
      } catch (err) {
        if ((err as { code?: string }).code !== '42P04') throw err // 42P04: another run made it first
        await admin.query(`drop database if exists "${building}" with (force)`)
      }
    }
    await admin.query(`comment on database "${name}" is '${NOTE}${new Date().toISOString()}'`)
    await prunePostgres(admin, name)
  } finally {
    await admin.end()
  }
}

/** ALTER DATABASE … RENAME is refused while the seed's closed connections are still being ended by the server (55006). */
async function renameWhenIdle(admin: pg.Client, from: string, to: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      return await admin.query(`alter database "${from}" rename to "${to}"`)
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || Date.now() > deadline) throw err
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/** Drops the templates of other keys not used for an hour (beyond the few most recent), and half-built ones whose run has ended. */
async function prunePostgres(admin: pg.Client, current: string) {
  const { rows } = await admin.query<{ name: string; note: string | null }>(
    `select datname as name, shobj_description(oid, 'pg_database') as note from pg_database where datname like 'sf\\_tpl\\_%' and datname <> $1`,
    [current],
  )
  const now = Date.now()
  const templates = rows
    .filter((r) => r.note?.startsWith(NOTE))
    .map((r) => ({ name: r.name, used: Date.parse(r.note!.slice(NOTE.length)) }))
    .sort((a, b) => b.used - a.used)
  const stale = templates.slice(KEEP).filter((t) => now - t.used > UNUSED_MS)
  const abandoned = rows.filter((r) => {
    const pid = /^sf_tpl_[0-9a-f]{16}_b(\d+)$/.exec(r.name)?.[1]
    return pid !== undefined && !alive(Number(pid))
  })
  for (const { name } of [...stale, ...abandoned]) await admin.query(`drop database if exists "${name}" with (force)`)
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM'
  }
}
