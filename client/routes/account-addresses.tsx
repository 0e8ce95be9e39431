import { useDocumentHead } from '../app/use-document-head'
import { AddressBook } from '../features/accounts/address-book'
import { useInit } from '../lib/init'

export function AccountAddressesRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Addresses' })
  if (!user) return null
  return <AddressBook user={user} />
}
