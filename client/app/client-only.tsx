import { type ReactNode, useSyncExternalStore } from 'react'
import { Spinner } from '../ui/spinner'

const subscribe = () => () => {}

/**
 * Account, sign-in and staff screens are rendered in the browser only (ARCHITECTURE: client-rendered and
 * lazy): the server and the first hydration pass show a loading state, then the page renders.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  if (client) return children
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Loading" className="size-6 text-primary" />
    </div>
  )
}
