import { AnalyticsView } from '../features/admin/analytics-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminAnalyticsRoute() {
  useStaffTitle('Analytics')
  return <AnalyticsView />
}
