import { useQuery } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import type { User } from '../../common/contracts/accounts'
import { staffDoors } from '../../common/rules/staff-roles'
import { useRouteGuard } from '../app/route-guard'
import { initQuery } from '../lib/init'
import { useApi } from '../lib/api-context'
import { errorText } from '../lib/error-text'
import { Link, useLocation, useNavigate } from '../lib/router'
import * as paths from '../lib/paths'
import { Button } from '../ui/button'
import { ConfirmHost } from '../ui/confirm-dialog'
import { Drawer } from '../ui/drawer'
import { ExternalIcon, MenuIcon } from '../ui/shop-icons'
import { Spinner } from '../ui/spinner'
import { Toaster } from '../ui/toast'
import { Forbidden } from './forbidden'
import { StaffNav } from './staff-nav'
import { AREAS } from './section-table'
import type { StaffScreen } from './staff-screens'
import { staffPath } from './staff-paths'
import { areaOf, landingOf, sidebarOf } from './staff-sections'
import { StaffTitle } from './staff-title'
import { focusNextPageHeading } from './ui/page-header'
import { SectionsContext } from './use-staff-sections'

const loading = (label: string) => (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner label={label} className="size-7 text-primary" />
  </div>
)

/**
 * The staff app's frame, outside the storefront layout (no store header, popup or cart): sidebar of sections,
 * a top bar with the website, a way back to the store and who is signed in. The screen's permission decides who
 * enters: a visitor is sent to sign in (path saved), anyone else signed in without it sees a 403 screen.
 */
export function StaffShell({ screen, children }: { screen: StaffScreen; children: ReactNode }) {
  const init = useQuery(initQuery(useApi()))
  const access = useRouteGuard(screen, init.data?.user)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  // An area's own address (a door of the account menu) that this person may not use opens on the first screen of
  // the area they may use: a packer's Administration opens on the orders, not on a 403 (issue 29).
  const who = init.data?.user
  const landing = who && access.kind === 'forbidden' && AREAS.some((a) => a.path === pathname) ? landingOf(areaOf(pathname), who) : null
  useEffect(() => {
    if (landing) navigate(landing, { replace: true })
  }, [landing, navigate])
  if (!init.data) {
    if (!init.isError) return loading('Loading')
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-muted">{errorText(init.error)}</p>
        <Button onClick={() => init.refetch()}>Try again</Button>
      </div>
    )
  }
  const { user, web } = init.data
  if (access.kind === 'redirect' || !user) return loading('Taking you to sign in')
  if (access.kind === 'forbidden') {
    if (landing) return loading('Loading')
    return (
      <div className="min-h-screen bg-background">
        <TopBar siteName={web.name} user={user} />
        <main id="staff-main">
          <Forbidden user={user} siteName={web.name} area="Administration" />
        </main>
      </div>
    )
  }
  const page = <StaffTitle title={screen.title}>{children}</StaffTitle>
  if (screen.bare) {
    return (
      <div className="min-h-screen bg-background print:bg-white">
        <Suspense fallback={loading('Loading')}>{page}</Suspense>
        <Toaster />
        <ConfirmHost />
      </div>
    )
  }
  return (
    <StaffFrame siteName={web.name} user={user} screen={screen}>
      {page}
    </StaffFrame>
  )
}

function StaffFrame({ siteName, user, screen, children }: { siteName: string; user: User; screen: StaffScreen; children: ReactNode }) {
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  // Website Settings (/page-builder) is its own area with its own sidebar, in the same frame.
  const area = areaOf(pathname)
  const sections = sidebarOf(area, user)
  // A new page: its heading takes the focus (flagged while rendering, before the page's own effects run).
  const lastPath = useRef<string | null>(null)
  if (lastPath.current !== pathname) {
    if (lastPath.current !== null) focusNextPageHeading()
    lastPath.current = pathname
  }
  return (
    <div className="flex min-h-screen bg-background print:bg-white">
      <a href="#staff-main" className="sr-only z-50 rounded bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen print:hidden! shrink-0 flex-col border-r border-border bg-surface lg:flex lg:w-16 xl:w-60">
        <div className="flex h-14 items-center border-b border-border px-3 lg:justify-center xl:justify-start xl:px-4">
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-sm font-bold text-on-primary" aria-hidden="true">
            {siteName.slice(0, 1)}
          </span>
          <span className="ml-2 hidden truncate text-sm font-semibold xl:inline">{area}</span>
        </div>
        <div className="flex-1 overflow-y-auto p-2">
          <StaffNav sections={sections} current={screen.section} label={area} rail />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar siteName={siteName} user={user} area={area} onOpenMenu={() => setMenuOpen(true)} />
        <main id="staff-main" tabIndex={-1} className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6 outline-none sm:px-6 print:max-w-none print:p-0">
          <SectionsContext.Provider value={sections}>
            <Suspense fallback={loading('Loading')}>{children}</Suspense>
          </SectionsContext.Provider>
        </main>
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={area} side="left" width={280}>
        <div className="p-2">
          <StaffNav sections={sections} current={screen.section} label={area} onNavigate={() => setMenuOpen(false)} />
        </div>
      </Drawer>
      <Toaster />
      <ConfirmHost />
    </div>
  )
}

function TopBar({ siteName, user, area = 'Administration', onOpenMenu }: { siteName: string; user: User; area?: string; onOpenMenu?: () => void }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 print:hidden items-center gap-3 border-b border-border bg-surface px-3 sm:px-4">
      {onOpenMenu && (
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open the menu"
          className="flex size-10 items-center justify-center rounded-md hover:bg-background lg:hidden"
        >
          <MenuIcon className="text-xl" />
        </button>
      )}
      <p className="min-w-0 truncate font-semibold">
        {siteName} <span className="font-normal text-muted">· {area}</span>
      </p>
      <div className="ml-auto flex items-center gap-1 sm:gap-3">
        {area === 'Administration' && staffDoors(user.permissions).websiteSettings && (
          <Link
            to={staffPath('/page-builder/pages')}
            target="_blank"
            rel="noopener"
            className="hidden h-9 items-center gap-1.5 rounded-md px-2 text-sm text-primary hover:bg-background md:inline-flex"
          >
            Website Settings <ExternalIcon className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </Link>
        )}
        <Link
          to={paths.home()}
          target="_blank"
          rel="noopener"
          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm text-primary hover:bg-background"
        >
          View store <ExternalIcon className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </Link>
        <span className="hidden h-6 border-l border-border sm:block" aria-hidden="true" />
        <span className="flex items-center gap-2 text-sm" title={user.phone ?? user.email ?? undefined}>
          <span className="flex size-8 items-center justify-center rounded-full bg-background font-semibold" aria-hidden="true">
            {user.name.slice(0, 1).toUpperCase()}
          </span>
          <span className="hidden max-w-40 truncate sm:inline">
            <span className="sr-only">Signed in as </span>
            {user.name}
          </span>
        </span>
        <Link to={paths.logout()} className="hidden h-9 items-center rounded-md px-2 text-sm text-muted hover:bg-background hover:text-text md:inline-flex">
          Sign out
        </Link>
      </div>
    </header>
  )
}
