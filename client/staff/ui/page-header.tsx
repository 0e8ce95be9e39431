import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from '../../lib/router'
import { ChevronLeftIcon } from '../../ui/icons'

let focusPending = false

/** The shell calls this on a change of page: the next page heading to mount takes the focus (keyboard and screen-reader users start there). */
export function focusNextPageHeading() {
  focusPending = true
}

export interface PageHeaderProps {
  title: ReactNode
  description?: ReactNode
  /** buttons at the right (primary action last) */
  actions?: ReactNode
  /** a link above the title back to where this page belongs */
  back?: { to: string; label: string }
}

/** The top of every staff page: the h1, which receives focus after navigation, and the page's actions. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focusPending) return
    focusPending = false
    heading.current?.focus()
  }, [])
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        {back && (
          <Link to={back.to} className="mb-1 inline-flex items-center gap-1 text-sm text-muted hover:text-text">
            <ChevronLeftIcon className="size-4" />
            {back.label}
          </Link>
        )}
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}
