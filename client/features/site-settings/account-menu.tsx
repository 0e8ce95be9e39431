import { lazy, Suspense, useRef, useState } from 'react'
import { Link } from '../../lib/router'
import type { User } from '../../../common/contracts/accounts'
import { buttonClasses } from '../../ui/button'
import { ChevronDownIcon } from '../../ui/icons'
import { UserIcon } from '../../ui/shop-icons'

const AccountMenuList = lazy(() => import('./account-menu-list').then((m) => ({ default: m.AccountMenuList })))

/** Visitors see Login (and Register when the site shows it); a signed-in user gets their menu. */
export function AccountMenu({ user, showLogin, showRegister }: { user: User | null; showLogin: boolean; showRegister: boolean }) {
  const anchor = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        {showLogin && (
          <Link to="/auth/login" className={buttonClasses({ size: 'sm' })}>
            Login
          </Link>
        )}
        {showRegister && (
          <Link to="/auth/register" className={buttonClasses({ variant: 'outline', size: 'sm', className: 'hidden sm:inline-flex' })}>
            Register
          </Link>
        )}
      </div>
    )
  }
  return (
    <>
      <button
        ref={anchor}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-background"
      >
        <UserIcon className="text-lg" />
        {/* on phones the name is for screen readers only: the button must always have a name */}
        <span className="sr-only md:not-sr-only md:max-w-32 md:truncate">{user.name}</span>
        <ChevronDownIcon className="hidden md:inline" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuList user={user} anchor={anchor} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
