import { useIsFetching } from '@tanstack/react-query'
import { Spinner } from '../ui/spinner'

/** Shown while a navigation's data loads (spec §2). */
export function ProgressBar() {
  const loading = useIsFetching({ predicate: (q) => q.queryKey[0] === 'catalogue' || q.queryKey[0] === 'pages' }) > 0
  if (!loading) return null
  return (
    <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-[60]">
      <div className="h-0.5 animate-pulse bg-primary" />
      <Spinner className="absolute top-2 right-2 size-4 text-primary" />
    </div>
  )
}
