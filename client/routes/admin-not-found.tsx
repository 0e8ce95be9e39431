import { Link } from '../lib/router'
import { staffPath } from '../staff/staff-paths'
import { buttonClasses } from '../ui/button'
import { PageHeader } from '../staff/ui/page-header'
import { useStaffTitle } from '../staff/staff-title'

/** An address under /bos/admin that is no screen (an old bookmark, a typo), or a screen's id that is no record's. */
export function AdminNotFoundRoute() {
  useStaffTitle('Not found')
  return (
    <>
      <PageHeader title="This page does not exist" description="The address may be mistyped, or the page has moved." />
      <Link to={staffPath('/bos/admin')} className={buttonClasses()}>
        Go to the dashboard
      </Link>
    </>
  )
}
