import { Fragment } from 'react'
import { Link } from '../../lib/router'
import { cn } from '../../lib/cn'
import { ChevronRightIcon } from '../../ui/icons'
import type { Crumb } from './category-tree'

export interface ProductBreadcrumbsProps {
  /** From after Home to the current page, which is shown but not linked. */
  trail: Crumb[]
  className?: string
}

export function ProductBreadcrumbs({ trail, className }: ProductBreadcrumbsProps) {
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }, ...trail]
  return (
    <nav aria-label="Breadcrumb" className={cn('text-sm text-muted', className)}>
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
        {crumbs.map((crumb, i) => (
          <Fragment key={`${crumb.to}-${i}`}>
            {i > 0 && (
              <li aria-hidden="true">
                <ChevronRightIcon className="size-3.5" />
              </li>
            )}
            <li className="max-w-full min-w-0">
              {i === crumbs.length - 1 ? (
                <span aria-current="page" className="line-clamp-1 text-text">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="hover:text-primary hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  )
}
