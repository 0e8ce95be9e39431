import { lazy, Suspense } from 'react'
import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { AccountOverview } from '../features/accounts/account-overview'
import { KhataCard } from '../features/khata/my-khata'
import { useInit } from '../lib/init'

// The home page's buy-again shelf, from the home page's own chunk (see BuyAgain there).
const BuyAgain = lazy(() => import('./home').then((m) => ({ default: m.BuyAgain })))

export function AccountRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Your account' })
  if (!user) return null
  return (
    <AccountLayout user={user} title={`Hello, ${user.name.split(' ')[0]}`}>
      <AccountOverview user={user} />
      <div className="mt-6 empty:hidden">
        <Suspense fallback={null}>
          <BuyAgain />
        </Suspense>
      </div>
      <KhataCard />
    </AccountLayout>
  )
}
