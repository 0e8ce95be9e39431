import { spawn } from 'node:child_process'

/**
 * PostgreSQL's own pg_dump and pg_restore, when the machine has them (Debian: postgresql-client-15): the custom
 * format dumps the schema with the data, in the snapshot the backup counted its figures in. pg_dump refuses a
 * server newer than itself, and pg_restore an archive from a newer pg_dump, so both are checked first.
 */
export const PG_DUMP_FILE = 'database/pg.dump'

export interface Tool {
  major: number
  version: string
}

/** The tool's version, or null when it is not installed. */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<Tool | null> {
  try {
    const { stdout } = await run(tool, ['--version'], {})
    const version = /\(PostgreSQL\) (\d+)(\.\d+)?/.exec(stdout)
    return version ? { major: Number(version[1]), version: `${version[1]}${version[2] ?? ''}` } : null
  } catch {
    return null
  }
}

/** The PostgreSQL server's major version from `server_version_num` (150020 → 15). */
export const majorOf = (versionNum: string | number) => Math.floor(Number(versionNum) / 10000)

/** The payment and message simulators' own schemas (decisions 0039, 0052): development's stand-ins for the providers, never the shop's data. */
const NOT_THE_SHOPS = ['--exclude-schema=payment_simulator', '--exclude-schema=messages_simulator']

export async function pgDump(url: string, snapshot: string, file: string) {
  const args = ['--format=custom', '--compress=0', '--no-owner', '--no-privileges', ...NOT_THE_SHOPS, `--snapshot=${snapshot}`, '--file', file]
  await run('pg_dump', args, connection(url))
}

export async function pgRestore(url: string, file: string) {
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file], connection(url))
}

/** The URL without its password (which goes in the environment, never on a command line that `ps` shows). */
function connection(url: string): { args: string[]; env: Record<string, string> } {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ''
  return { args: [`--dbname=${u.toString()}`], env: password ? { PGPASSWORD: password } : {} }
}

function run(command: string, args: string[], { args: extra = [], env = {} }: { args?: string[]; env?: Record<string, string> }) {
  return new Promise<{ stdout: string }>((resolve, reject) => {
    // the tool runs in this process's environment (PATH, libpq's PG* settings) with the password added
    const child = spawn(command, [...extra, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout })
      else reject(new Error(`${command} failed (exit ${code}): ${stderr.trim().split('\n').slice(0, 5).join(' | ')}`))
    })
  })
}
