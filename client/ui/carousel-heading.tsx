import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

export interface CarouselHeadingProps {
  /** id the surrounding <section aria-labelledby> points at */
  id?: string
  title: ReactNode
  /** e.g. a 'View all' link, shown at the end of the row */
  action?: ReactNode
  className?: string
}

/** The title row above a carousel: an h2 and an optional action on the right. */
export function CarouselHeading({ id, title, action, className }: CarouselHeadingProps) {
  return (
    <div className={cn('mb-3 flex items-end justify-between gap-4 md:mb-4', className)}>
      <h2 id={id} className="text-lg leading-tight font-bold tracking-tight text-text md:text-xl">
        {title}
      </h2>
      {action && <div className="shrink-0 text-sm font-semibold">{action}</div>}
    </div>
  )
}
