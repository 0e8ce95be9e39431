import { Link } from '../lib/router'
import { buttonClasses } from '../ui/button'
import { PageHeader } from '../staff/ui/page-header'
import { useStaffSections } from '../staff/use-staff-sections'
import { ProductShortcuts } from '../features/catalogue/staff/product-shortcuts'
import { DashboardFigures } from '../features/dashboard/dashboard-view'
import { useInit } from '../lib/init'

/** Administration's home: today's figures (GET /s/api/admin/dashboard), then where each section is. */
export function AdminHomeRoute() {
  const { web, user } = useInit()
  const sections = useStaffSections().filter((s) => s.description)
  return (
    <>
      <PageHeader title={`Welcome, ${user?.name.split(' ')[0] ?? 'there'}`} description={`${web.name} today: orders, slots and stock at a glance.`} />
      <DashboardFigures />
      <h2 className="mb-3 text-lg font-semibold">Sections</h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {sections.map((s) => (
          <li key={s.to} className="flex flex-col rounded-lg border border-border bg-surface p-5">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <s.icon className="size-5 text-primary" />
              {s.label}
            </h2>
            <p className="mt-2 text-sm text-muted">{s.description}</p>
            <div className="flex-1">{s.name === 'products' && <ProductShortcuts />}</div>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to={s.to} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Open {s.label.toLowerCase()}
              </Link>
              {s.action && (
                <Link to={s.action.to} className={buttonClasses({ size: 'sm' })}>
                  {s.action.label}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
