import { useState } from 'react'
import type { ManagedWebsite } from '../../common/contracts/accounts'
import { useDocumentHead } from '../app/use-document-head'
import { AccountLayout } from '../features/accounts/account-layout'
import { EmptyState } from '../ui/empty-state'
import { useSwitchWebsite } from '../features/accounts/api'
import { CreateWebsiteForm } from '../features/accounts/create-website-form'
import { useInit } from '../lib/init'
import { Button } from '../ui/button'
import { toast } from '../ui/toast'

/** Spec §2: create website; once made it can be opened (signed in) at its own address. */
export function BosCreateRoute() {
  const { user } = useInit()
  const [created, setCreated] = useState<ManagedWebsite | null>(null)
  const open = useSwitchWebsite()
  useDocumentHead({ title: 'Create website' })
  if (!user) return null
  return (
    <AccountLayout user={user} title="Create website">
      {!user.superadmin ? (
        <EmptyState title="Only superadmins can create websites">Ask a superadmin of this store if you need one.</EmptyState>
      ) : created ? (
        <div role="status" className="rounded-lg border border-border bg-surface p-6">
          <p className="text-lg font-semibold">{created.name} is ready</p>
          <p className="mt-1 text-sm text-muted">
            It answers at{' '}
            <a href={created.origin} className="font-medium text-primary underline">
              {created.origin}
            </a>{' '}
            with a home page and an empty catalogue. You are its superadmin.
          </p>
          <Button
            className="mt-4"
            loading={open.isPending}
            onClick={() => open.mutate(created.id, { onSuccess: (r) => window.location.assign(r.url), onError: (e) => toast.fromError(e) })}
          >
            Open {created.name}
          </Button>
        </div>
      ) : (
        <CreateWebsiteForm onCreated={setCreated} />
      )}
    </AccountLayout>
  )
}
