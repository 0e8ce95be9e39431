import { AREAS, SCREENS, SECTIONS, type SectionName, type StaffScreen } from './staff-screens'
import type { NavSection } from './use-staff-sections'

export type AreaName = (typeof AREAS)[number]['name']

const screens: readonly StaffScreen[] = SCREENS

/** The area an address is in: its sidebar and the name in the top bar (the counter, which has none, counts as Administration). */
export const areaOf = (pathname: string): AreaName => AREAS.find((a) => pathname === a.path || pathname.startsWith(`${a.path}/`))?.name ?? 'Administration'

/** Each section links to its first screen, under that screen's title. */
const LINKS: NavSection[] = (Object.keys(SECTIONS) as SectionName[]).map((name) => {
  const first = screens.find((s) => s.section === name)
  if (!first) throw new Error(`the staff section ${name} has no screen`)
  return { name, label: first.title, to: first.path, ...SECTIONS[name] }
})

/** An area's sidebar: the sections whose first screen is in it, in the order of SECTIONS. */
export const sidebarOf = (area: AreaName): NavSection[] => LINKS.filter((link) => areaOf(link.to) === area)
