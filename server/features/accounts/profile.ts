import type { Profile } from '../../../common/contracts/accounts'
import { AppError } from '../../platform/errors'
import { requireUser } from '../../platform/guards'
import type { RequestCtx } from '../../platform/request-context'
import * as q from './queries'

function toProfile(row: q.UserRow): Profile {
  return { name: row.name, email: row.email, phone: row.phone, email_verified: row.emailVerifiedAt !== null, phone_verified: row.phoneVerifiedAt !== null }
}

async function load(ctx: RequestCtx): Promise<q.UserRow> {
  const row = await q.findUserById(ctx.db, requireUser(ctx).id)
  if (!row) throw new AppError('unauthorized', 'Please sign in to continue')
  return row
}

export async function getProfile(ctx: RequestCtx): Promise<Profile> {
  return toProfile(await load(ctx))
}

/**
 * Name and email are the user's to change; the mobile number is not (a new number needs its own code:
 * SECURITY AU-15). A changed email is unverified until its owner signs in with it, and the email an account
 * signs in with cannot be dropped while it is the only verified way in. This website learns the change; the other
 * websites the person uses keep what they were given (decision 0034).
 */
export async function updateProfile(ctx: RequestCtx, input: { name: string; email: string }): Promise<Profile> {
  const row = await load(ctx)
  const email = input.email.toLowerCase() || null
  if (email === row.email) {
    await q.updateUser(ctx.db, row.id, { name: input.name })
    await q.updateProfileHere(ctx.db, ctx.site.id, row.id, { name: input.name, email })
    return getProfile(ctx)
  }
  if (row.emailVerifiedAt && !row.phoneVerifiedAt) {
    throw new AppError('invalid', 'You sign in with this email, so it cannot be changed here', {
      email: 'You sign in with this email, so it cannot be changed here',
    })
  }
  if (email && (await q.emailTakenByOther(ctx.db, email, row.id))) {
    throw new AppError('conflict', 'This email belongs to another account', { email: 'This email belongs to another account' })
  }
  await q.updateUser(ctx.db, row.id, { name: input.name, email, emailVerifiedAt: null })
  await q.updateProfileHere(ctx.db, ctx.site.id, row.id, { name: input.name, email })
  return getProfile(ctx)
}
