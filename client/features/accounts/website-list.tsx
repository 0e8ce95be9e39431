import { useState } from 'react'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { toast } from '../../ui/toast'
import { LoadFailed } from '../../ui/load-failed'
import { useManagedWebsites, useSwitchWebsite } from './api'
import { WebsiteDomains } from './website-domains'

/**
 * /auth/bos/choose: the websites this superadmin manages, each with its domains. Switching asks the server for a
 * one-time address at the other website and goes there: sessions are per website, so the sign-in is handed over, not shared.
 */
export function WebsiteList({ onSwitch }: { onSwitch: (url: string) => void }) {
  const list = useManagedWebsites()
  const go = useSwitchWebsite()
  const [target, setTarget] = useState<number | null>(null)
  const [domainsOf, setDomainsOf] = useState<number | null>(null)
  if (list.isError) return <LoadFailed message={errorText(list.error)} onRetry={() => list.refetch()} />
  if (!list.data) return <p className="text-sm text-muted">Loading your websites…</p>
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
      {list.data.websites.map((w) => (
        <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-semibold">{w.name}</p>
            <p className="truncate text-sm text-muted">{w.origin}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={domainsOf === w.id}
            aria-label={`Domains of ${w.name}`}
            onClick={() => setDomainsOf(domainsOf === w.id ? null : w.id)}
            className="ml-auto"
          >
            Domains
          </Button>
          {w.current ? (
            <span className="rounded bg-primary/10 px-2 py-1 text-xs font-semibold text-primary">You are here</span>
          ) : (
            <Button
              variant="outline"
              size="sm"
              loading={go.isPending && target === w.id}
              aria-label={`Switch to ${w.name}`}
              onClick={() => {
                setTarget(w.id)
                go.mutate(w.id, { onSuccess: (r) => onSwitch(r.url), onError: (e) => toast.fromError(e) })
              }}
            >
              Switch
            </Button>
          )}
          {domainsOf === w.id && (
            <div className="basis-full">
              <WebsiteDomains websiteId={w.id} name={w.name} />
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
