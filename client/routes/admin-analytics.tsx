import { AnalyticsView } from '../features/admin/analytics-view'

export function AdminAnalyticsRoute() {
  return <AnalyticsView />
}
