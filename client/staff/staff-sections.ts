import type { User } from '../../common/contracts/accounts'
import { permits } from '../app/route-guard'
import { AREAS, SECTIONS, type SectionName } from './section-table'
import { SCREENS, type StaffScreen } from './staff-screens'
import type { NavSection } from './use-staff-sections'

export type AreaName = (typeof AREAS)[number]['name']

const screens: readonly StaffScreen[] = SCREENS

/** The area an address is in: its sidebar and the name in the top bar (the counter, which has none, counts as Administration). */
export const areaOf = (pathname: string): AreaName => AREAS.find((a) => pathname === a.path || pathname.startsWith(`${a.path}/`))?.name ?? 'Administration'

/** Each section links to its first screen, under that screen's title. */
const LINKS: NavSection[] = (Object.keys(SECTIONS) as SectionName[]).map((name) => {
  const first = screens.find((s) => s.section === name)
  if (!first) throw new Error(`the staff section ${name} has no screen`)
  return { name, label: first.title, to: first.path, permission: first.permission, ...SECTIONS[name] }
})

/** An area's sidebar: the sections whose first screen is in it and this person may open, in the order of SECTIONS. */
export const sidebarOf = (area: AreaName, user: User): NavSection[] => LINKS.filter((link) => areaOf(link.to) === area && permits(user, link.permission))

/**
 * Where a door of the account menu lands for this person (issue 29): the area's first screen they may open, so a
 * packer's Administration opens on the orders, not on a 403 dashboard. Null when they may open none there.
 */
export function landingOf(area: AreaName, user: User): string | null {
  const home = AREAS.find((a) => a.name === area)?.path
  const screen = screens.find((s) => (s.path === home || s.also === home) && permits(user, s.permission))
  return screen ? screen.path : (sidebarOf(area, user)[0]?.to ?? null)
}
