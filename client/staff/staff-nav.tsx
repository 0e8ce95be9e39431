import { cn } from '../lib/cn'
import { Link } from '../lib/router'
import type { SectionName } from './section-table'
import type { NavSection } from './use-staff-sections'

/**
 * The sections of a staff tool. `rail`: at tablet widths (lg–xl) only icons show, with the label as tooltip and
 * accessible name; the drawer and wide screens show the labels.
 */
export function StaffNav({
  sections,
  current,
  label,
  rail = false,
  onNavigate,
}: {
  sections: NavSection[]
  /** the section of the screen shown */
  current?: SectionName
  label: string
  rail?: boolean
  onNavigate?: () => void
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-1">
        {sections.map((section) => {
          const Icon = section.icon
          return (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={section.name === current ? 'page' : undefined}
                title={rail ? section.label : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                  rail && 'lg:justify-center lg:px-0 xl:justify-start xl:px-3',
                  section.name === current ? 'bg-primary/10 text-primary' : 'text-text hover:bg-background',
                )}
              >
                <Icon className="size-5 shrink-0" />
                <span className={cn(rail && 'lg:sr-only xl:not-sr-only')}>{section.label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
