import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, writeFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { sql } from 'drizzle-orm'
import { rowsOf, type Tx } from '../client'
import { tablesOf } from './manifest'

/**
 * The logical dump: every table's rows as JSON lines, as PostgreSQL itself writes them (`row_to_json`) and reads
 * them back (`json_populate_recordset`), never parsed in JavaScript: bytea, numeric, timestamps and jsonb come
 * back exactly. It loads into PGlite and PostgreSQL alike, so it is also how a shop moves from the embedded
 * database to PostgreSQL. The schema is not in it: a restore migrates to the archive's migration first.
 */
export const ROWS_DIR = 'database/rows'
const SEQUENCES = 'database/sequences.json'

/** Rows fetched at a time; fewer from a table with bytea columns (an image each). */
const FETCH = { plain: 1000, bytes: 20 }
/** A batch of rows sent in one insert. */
const BATCH_BYTES = 8 << 20

/** Writes every table's rows under `dir` (run inside a repeatable-read transaction: one snapshot); answers the files. */
export async function dumpRows(tx: Tx, dir: string): Promise<string[]> {
  await mkdir(path.join(dir, ROWS_DIR), { recursive: true })
  const files: string[] = []
  for (const table of await tablesOf(tx)) {
    const name = `${ROWS_DIR}/${table}.jsonl`
    const out = createWriteStream(path.join(dir, name))
    const [{ bytes }] = rowsOf<{ bytes: boolean }>(
      await tx.execute(sql`select exists(select 1 from pg_attribute where attrelid = quote_ident(${table})::regclass and atttypid = 'bytea'::regtype
        and attnum > 0 and not attisdropped) as bytes`),
    )
    await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table)} t`)
    for (;;) {
      const rows = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch ${bytes ? FETCH.bytes : FETCH.plain} from backup_rows`)))
      for (const { j } of rows) if (!out.write(`${j}\n`)) await once(out, 'drain')
      if (!rows.length) break
    }
    await tx.execute(sql`close backup_rows`)
    out.end()
    await once(out, 'finish')
    files.push(name)
  }
  const sequences = rowsOf<{ name: string; value: string | null }>(
    await tx.execute(sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`),
  )
  await writeFile(path.join(dir, SEQUENCES), JSON.stringify(sequences))
  return [...files, SEQUENCES]
}

/**
 * Loads the rows of `dumpRows` into the same schema, empty. Foreign keys are dropped and made again around the load
 * (they are checked then, all at once) and the tables' own triggers are off (a product's trigger would make the
 * stock row the dump also holds); run inside one transaction.
 */
export async function loadRows(tx: Tx, dir: string, tables: string[]) {
  const keys = rowsOf<{ tbl: string; name: string; def: string }>(
    await tx.execute(sql`select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`),
  )
  for (const k of keys) await tx.execute(sql`alter table ${sql.raw(k.tbl)} drop constraint ${sql.identifier(k.name)}`)
  for (const table of tables) {
    await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`)
    await loadTable(tx, table, path.join(dir, ROWS_DIR, `${table}.jsonl`))
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`)
  }
  for (const k of keys) await tx.execute(sql`alter table ${sql.raw(k.tbl)} add constraint ${sql.identifier(k.name)} ${sql.raw(k.def)}`)
  const sequences = JSON.parse(await readFile(path.join(dir, SEQUENCES), 'utf8')) as { name: string; value: string | null }[]
  for (const s of sequences) if (s.value !== null) await tx.execute(sql`select setval(quote_ident(${s.name})::regclass, ${s.value}::bigint, true)`)
}

async function loadTable(tx: Tx, table: string, file: string) {
  const columns = rowsOf<{ name: string }>(
    await tx.execute(sql`select attname as name from pg_attribute where attrelid = quote_ident(${table})::regclass and attnum > 0 and not attisdropped
      and attgenerated = '' order by attnum`),
  ).map((c) => sql.identifier(c.name))
  const list = sql.join(columns, sql`, `)
  const insert = (batch: string[]) =>
    tx.execute(
      sql`insert into ${sql.identifier(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
    )
  let batch: string[] = []
  let size = 0
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue
    batch.push(line)
    size += line.length
    if (size < BATCH_BYTES) continue
    await insert(batch)
    batch = []
    size = 0
  }
  if (batch.length) await insert(batch)
}
