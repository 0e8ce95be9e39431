import type { User } from '../../common/contracts/accounts'
import { isBuiltInRole, ROLE_LABELS } from '../../common/rules/staff-roles'
import { Link } from '../lib/router'
import * as paths from '../lib/paths'
import { buttonClasses } from '../ui/button'
import { LockIcon } from './ui/staff-icons'

/** Signed in, but without admin access (or a role that reaches this screen) on this website: say so plainly and offer the ways out (spec §6). */
export function Forbidden({ user, siteName, area }: { user: User; siteName: string; area: string }) {
  const who = [user.name, user.phone ?? user.email].filter(Boolean).join(', ')
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" aria-labelledby="forbidden-title">
      <LockIcon className="size-10 text-muted" />
      <p className="mt-4 text-5xl font-extrabold text-primary">403</p>
      <h1 id="forbidden-title" className="mt-3 text-2xl font-bold">
        You don’t have access to {area}
      </h1>
      <p className="mt-2 text-muted">
        You are signed in as {who}.{' '}
        {user.role
          ? `Your role on ${siteName} (${user.role_name ?? (isBuiltInRole(user.role) ? ROLE_LABELS[user.role] : 'a custom role')}) does not include this screen. Ask an admin of this website if you need it.`
          : `This account has no admin access on ${siteName}. Ask an admin of this website to give you access, or sign in with an account that has it.`}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonClasses()}>
          Back to the store
        </Link>
        <Link to={paths.logout()} className={buttonClasses({ variant: 'outline' })}>
          Sign out
        </Link>
      </div>
    </section>
  )
}
