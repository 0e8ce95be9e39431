import { useQueryClient } from '@tanstack/react-query'
import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { LoadFailed } from '../ui/load-failed'
import { useProfile } from '../features/accounts/api'
import { ProfileForm } from '../features/accounts/profile-form'
import { MessagePreferencesForm } from '../features/messages/message-preferences'
import { useInit } from '../lib/init'
import { errorText } from '../lib/error-text'

export function AccountDetailsRoute() {
  const { user } = useInit()
  const profile = useProfile()
  const qc = useQueryClient()
  useDocumentHead({ title: 'Profile' })
  if (!user) return null
  return (
    <AccountLayout user={user} title="Profile">
      {profile.isError ? (
        <LoadFailed message={errorText(profile.error)} onRetry={() => profile.refetch()} />
      ) : profile.data ? (
        // The account menu shows the name: init is read again after a change.
        <>
          <ProfileForm profile={profile.data} onSaved={() => qc.invalidateQueries({ queryKey: ['init'] })} />
          {profile.data.phone && <MessagePreferencesForm />}
        </>
      ) : (
        <p className="text-sm text-muted">Loading your details…</p>
      )}
    </AccountLayout>
  )
}
