import { Link } from '../lib/router'
import * as paths from '../lib/staff-paths'
import { buttonClasses } from '../ui/button'
import { PageHeader } from '../staff/ui/page-header'
import { useStaffTitle } from '../staff/use-staff-title'

/** An address under /bos/admin that is no screen (an old bookmark, a typo). */
export function AdminNotFoundRoute() {
  useStaffTitle('Not found')
  return (
    <>
      <PageHeader title="This page does not exist" description="The address may be mistyped, or the page has moved." />
      <Link to={paths.admin()} className={buttonClasses()}>
        Go to the dashboard
      </Link>
    </>
  )
}
