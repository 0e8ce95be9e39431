import { errorText } from '../../lib/error-text'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'

export interface LoadErrorProps {
  error: unknown
  onRetry: () => void
  /** The retry call is running. */
  retrying?: boolean
  title?: string
  className?: string
}

/** A failed load: the server's error text (spec §8) and a Retry button. */
export function LoadError({ error, onRetry, retrying = false, title = 'Could not load products', className }: LoadErrorProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center rounded-lg border border-border bg-surface px-6 py-12 text-center', className)}>
      <p className="text-base font-semibold">{title}</p>
      <p className="mt-1 max-w-md text-sm text-danger">{errorText(error)}</p>
      <Button variant="outline" className="mt-5" loading={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}
