import { type SQL, sql } from 'drizzle-orm'
import { type Db, openDb, rowsOf } from '../../db/client'
import { ALL_MODES, MAX_MESSAGES, type SimMessage, type SimStore } from './store'

/**
 * The messages simulator's memory on the app's PostgreSQL database, shared by every app process on it: a message sent
 * through one process is in the inbox (`GET /__sim/messages`, `/sim/messages`) read through another, a failure asked
 * of one is used up by whichever sends next, and an account registered through one is known to all. As the payment
 * simulator's (decision 0039), the tables are the simulator's own, made when it starts in a schema of their own,
 * never by the product's migrations; it reads them through a small pool of its own.
 */
const SCHEMA = 'messages_simulator'

const STATEMENTS = [
  `create schema if not exists ${SCHEMA}`,
  `create table if not exists ${SCHEMA}.messages (
    seq bigserial primary key,
    id text not null unique,
    to_mobile text not null,
    channel text not null,
    template text not null,
    text text not null,
    status text not null,
    sender text,
    sent_at text not null
  )`,
  `create index if not exists messages_to_idx on ${SCHEMA}.messages (to_mobile, seq)`,
  `create table if not exists ${SCHEMA}.failures (
    id serial primary key,
    to_mobile text not null,
    channel text not null,
    mode text not null,
    remaining integer not null
  )`,
  `create table if not exists ${SCHEMA}.accounts (
    provider text not null,
    key text not null,
    data jsonb not null,
    primary key (provider, key)
  )`,
]

interface MessageRow {
  id: string
  to_mobile: string
  channel: SimMessage['channel']
  template: string
  text: string
  status: SimMessage['status']
  sender: string | null
  sent_at: string
}

const message = (r: MessageRow): SimMessage => ({
  id: r.id,
  channel: r.channel,
  to: r.to_mobile,
  template: r.template,
  text: r.text,
  status: r.status,
  sent_at: r.sent_at,
  ...(r.sender ? { sender: r.sender } : {}),
})

/** Makes the tables when missing; two processes starting at once take turns (the second finds them made). */
async function createTables(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SCHEMA}))`)
    for (const statement of STATEMENTS) await tx.execute(sql.raw(statement))
  })
}

export async function postgresSimStore(url: string): Promise<SimStore> {
  const { db, close } = await openDb({ url, poolSize: 2, migrate: false })
  await createTables(db)
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query))
  const columns = sql`id, to_mobile, channel, template, text, status, sender, sent_at`
  const account = async <T>(provider: string, where: SQL) =>
    (await rows<{ data: T }>(sql`select data from messages_simulator.accounts where provider = ${provider} and ${where} limit 1`))[0]?.data ?? null
  const save = (provider: string, key: string, data: object) =>
    db.execute(sql`insert into messages_simulator.accounts (provider, key, data) values (${provider}, ${key}, ${JSON.stringify(data)}::jsonb)
      on conflict (provider, key) do update set data = excluded.data`)

  return {
    async record(m, status = 'accepted') {
      const [row] = await rows<MessageRow>(sql`insert into messages_simulator.messages (id, to_mobile, channel, template, text, status, sender, sent_at)
        values (${m.id}, ${m.to}, ${m.channel}, ${m.template}, ${m.text}, ${status}, ${m.sender ?? null}, ${new Date().toISOString()})
        returning ${columns}`)
      await db.execute(sql`delete from messages_simulator.messages where seq <= (select max(seq) from messages_simulator.messages) - ${MAX_MESSAGES}`)
      return message(row)
    },
    async setStatus(id, status) {
      await db.execute(sql`update messages_simulator.messages set status = ${status} where id = ${id}`)
    },
    to: async (mobile) =>
      (await rows<MessageRow>(sql`select ${columns} from messages_simulator.messages where to_mobile = ${mobile} order by seq desc`)).map(message),
    all: async () => (await rows<MessageRow>(sql`select ${columns} from messages_simulator.messages order by seq desc limit ${MAX_MESSAGES}`)).map(message),
    async planFailure(to, plan) {
      await db.execute(
        sql`insert into messages_simulator.failures (to_mobile, channel, mode, remaining) values (${to}, ${plan.channel}, ${plan.mode}, ${plan.remaining})`,
      )
    },
    async takeFailure(to, channel, modes = ALL_MODES) {
      // one plan's count taken down under its row lock: two processes sending at once use up a count-1 plan once
      const [row] = await rows<{ mode: 'reject' | 'undelivered' }>(sql`
        update messages_simulator.failures set remaining = remaining - 1
        where id = (
          select id from messages_simulator.failures
          where to_mobile = ${to} and channel = ${channel} and remaining > 0 and mode in (${sql.join(
            modes.map((m) => sql`${m}`),
            sql`, `,
          )})
          order by id limit 1 for update)
        and remaining > 0
        returning mode`)
      return row?.mode ?? null
    },
    addWhatsApp: async (a) => void (await save('whatsapp', a.phoneNumberId, a)),
    addMsg91: async (a) => void (await save('msg91', a.authKey, a)),
    whatsappAccount: (id) => account('whatsapp', sql`key = ${id}`),
    knowsWhatsAppToken: async (token) => (await account('whatsapp', sql`data->>'accessToken' = ${token}`)) !== null,
    msg91Account: (key) => account('msg91', sql`key = ${key}`),
    async clear() {
      await db.execute(sql`delete from messages_simulator.messages`)
      await db.execute(sql`delete from messages_simulator.failures`)
    },
    close,
  }
}
