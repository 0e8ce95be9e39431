import { type ReactNode, useEffect, useRef } from 'react'
import type { User } from '../../../common/contracts/accounts'
import { cn } from '../../lib/cn'
import { Link, useLocation } from '../../lib/router'

export function accountSections(user: User) {
  const items = [
    { label: 'Overview', to: '/account' },
    { label: 'Orders', to: '/account/orders' },
    { label: 'Addresses', to: '/account/addresses' },
    { label: 'Profile', to: '/account/details' },
    { label: 'Wishlist', to: '/account/wishlist' },
  ]
  if (user.isSalesAgent) items.push({ label: 'Sales dashboard', to: '/account/dashboard' })
  return items
}

/** The account pages' frame: a section menu (tabs that scroll on phones, a side list on wider screens). */
export function AccountLayout({ user, title, actions, children }: { user: User; title: string; actions?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation()
  // phones: the tab strip scrolls, so the current tab is brought into view (issue 18), without moving the page
  const strip = useRef<HTMLElement>(null)
  useEffect(() => {
    const nav = strip.current
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2
  }, [pathname])
  return (
    <div className="py-4 sm:py-8 md:grid md:grid-cols-[13rem_1fr] md:gap-8">
      <nav ref={strip} aria-label="Your account" className="relative -mx-3 mb-4 overflow-x-auto px-3 sm:-mx-4 sm:px-4 md:mx-0 md:mb-0 md:px-0">
        <ul className="flex gap-1 md:flex-col">
          {accountSections(user).map((item) => {
            const current = pathname === item.to
            return (
              <li key={item.to} className="shrink-0">
                <Link
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-2 text-sm whitespace-nowrap hover:bg-surface',
                    current ? 'bg-surface font-semibold text-primary shadow-sm' : 'text-muted',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <section aria-labelledby="account-title" className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 id="account-title" className="text-xl font-semibold sm:text-2xl">
            {title}
          </h1>
          {actions}
        </div>
        {children}
      </section>
    </div>
  )
}
