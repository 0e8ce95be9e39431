import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { MyKhataStatement } from '../features/khata/my-khata'
import { useInit } from '../lib/init'

/** The shopper's khata (credit) with this shop: balance and statement (issue 28). */
export function AccountKhataRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Khata' })
  if (!user) return null
  return (
    <AccountLayout user={user} title="Khata">
      <MyKhataStatement />
    </AccountLayout>
  )
}
