import { createContext, useContext } from 'react'
import type { Permission } from '../app/route-guard'
import type { SectionName, StaffSection } from './section-table'

/** A section of a staff sidebar, as the table declares it (staff-screens.ts). */
export interface NavSection extends StaffSection {
  name: SectionName
  label: string
  to: string
  /** its first screen's: the sidebar shows the section only to those it permits */
  permission: Permission
}

/**
 * The current area's sections, given by the staff shell: a screen that lists them (the dashboard's cards) reads them
 * here, so that it does not import the table that loads it.
 */
export const SectionsContext = createContext<NavSection[]>([])

export const useStaffSections = () => useContext(SectionsContext)
