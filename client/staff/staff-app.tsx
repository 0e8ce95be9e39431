import { lazyRoute, type LazyRoute } from '../lib/lazy-route'
import { matchPath, Route, useLocation } from '../lib/router'
import { SCREENS, type StaffScreen } from './staff-screens'
import { StaffShell } from './staff-shell'

/** What app/routes.ts loads, in one import(), for any address of a staff area: the shell and the table's screens. */
const STAFF_APP = 'staff/staff-app.tsx'

/** Each screen's code in its own chunk, loaded the first time it shows (or preloaded before the page hydrates). */
const PAGES = new Map<StaffScreen, LazyRoute>(SCREENS.map((screen) => [screen, lazyRoute(STAFF_APP, screen.load)]))

/** The screen of the table that shows `pathname`, and the pattern it matched (its params go to the page). */
export function screenFor(pathname: string): { screen: StaffScreen; pattern: string } {
  for (const screen of SCREENS as readonly StaffScreen[])
    for (const pattern of [screen.path, screen.also]) if (pattern && matchPath(pattern, pathname)) return { screen, pattern }
  throw new Error(`no staff screen for ${pathname}`)
}

export const preloadScreen = (pathname: string) => PAGES.get(screenFor(pathname).screen)!.preload()

/** The staff app: the screen of the current address, in the staff shell. */
export function StaffApp() {
  const { pathname } = useLocation()
  const { screen, pattern } = screenFor(pathname)
  return (
    <StaffShell screen={screen}>
      <Route key={pattern} path={pattern} component={PAGES.get(screen)!} />
    </StaffShell>
  )
}
