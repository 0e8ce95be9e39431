import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { AccountOverview } from '../features/accounts/account-overview'
import { KhataCard } from '../features/khata/my-khata'
import { useInit } from '../lib/init'

export function AccountRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Your account' })
  if (!user) return null
  return (
    <AccountLayout user={user} title={`Hello, ${user.name.split(' ')[0]}`}>
      <AccountOverview user={user} />
      <KhataCard />
    </AccountLayout>
  )
}
