import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { EmptyState } from '../ui/empty-state'
import { WebsiteList } from '../features/accounts/website-list'
import { useInit } from '../lib/init'
import { Link } from '../lib/router'
import { buttonClasses } from '../ui/button'

/** Spec §2: choose or switch website (superadmin). */
export function BosChooseRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Switch website' })
  if (!user) return null
  return (
    <AccountLayout
      user={user}
      title="Switch website"
      actions={
        user.superadmin && (
          <Link to="/auth/bos/create" className={buttonClasses({ variant: 'outline' })}>
            Create website
          </Link>
        )
      }
    >
      {user.superadmin ? (
        <WebsiteList onSwitch={(url) => window.location.assign(url)} />
      ) : (
        <EmptyState title="Only superadmins can switch websites">Ask a superadmin of this store if you need access.</EmptyState>
      )}
    </AccountLayout>
  )
}
