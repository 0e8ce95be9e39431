import type { ReactNode } from 'react'
import { classifyLink } from '../../../../common/rules/links'
import { Link } from '../../../lib/router'

export { classifyLink } from '../../../../common/rules/links'

export interface SlideLinkProps {
  href: string | null | undefined
  className?: string
  children: ReactNode
  'aria-label'?: string
}

/** Wraps a slide or tile in the right kind of link, or in a plain block when the link is not followable. */
export function SlideLink({ href, className, children, 'aria-label': ariaLabel }: SlideLinkProps) {
  const target = classifyLink(href)
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className} aria-label={ariaLabel}>
        {children}
      </Link>
    )
  }
  if (target.kind === 'external') {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={ariaLabel ? `${ariaLabel} (opens in a new tab)` : undefined}
      >
        {children}
        {!ariaLabel && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    )
  }
  return <div className={className}>{children}</div>
}
