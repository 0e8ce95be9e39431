import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import pg from 'pg'

/**
 * A throwaway PostgreSQL cluster with pg_stat_statements loaded, for counting what the app sends against the server's
 * own count. The extension needs `shared_preload_libraries`, which only a server start sets: the suite's shared
 * server (TEST_PG_URL) does not load it, and a test may not restart it. initdb and pg_ctl come with PostgreSQL's
 * server package (CI installs postgresql-15); as root they run as the postgres user, which initdb requires.
 */
export function statsPostgresBin(): string | null {
  const roots = ['/usr/lib/postgresql']
  for (const root of roots) {
    if (!existsSync(root)) continue
    for (const version of readdirSync(root).sort().reverse()) {
      const bin = path.join(root, version, 'bin')
      if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(root, version, 'lib', 'pg_stat_statements.so'))) return bin
    }
  }
  return null
}

export interface StatsPostgres {
  /** a connection string to the cluster's `postgres` database; the test makes its own database in it */
  adminUrl: string
  /** statements run to completion in one database since the last reset (pg_stat_statements' calls, summed) */
  statements(database: string): Promise<number>
  reset(): Promise<void>
  stop(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export async function startStatsPostgres(bin: string): Promise<StatsPostgres> {
  const asRoot = process.getuid?.() === 0
  // Under /tmp itself: the postgres user must reach it, and a test run's own TMPDIR is private to root.
  const dir = mkdtempSync('/tmp/storefront-pgstats-')
  chmodSync(dir, 0o700)
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir])
  const run = (tool: string, args: string[]) => {
    const command = [path.join(bin, tool), ...args]
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { stdio: 'pipe' })
    else execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' })
  }
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8'])
  const port = await freePort()
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c shared_preload_libraries=pg_stat_statements',
    // room for every distinct statement of the run: an entry pushed out would take its calls with it
    '-c pg_stat_statements.max=20000',
    '-c pg_stat_statements.track=top',
    '-c pg_stat_statements.track_utility=on',
  ].join(' ')
  run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start'])
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query('create extension if not exists pg_stat_statements')
  return {
    adminUrl,
    async statements(database) {
      const { rows } = await admin.query<{ calls: string }>(
        'select coalesce(sum(calls), 0)::text as calls from pg_stat_statements where dbid = (select oid from pg_database where datname = $1)',
        [database],
      )
      return Number(rows[0]!.calls)
    },
    async reset() {
      await admin.query('select pg_stat_statements_reset()')
    },
    async stop() {
      await admin.end().catch(() => {})
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
