import { Link } from '../../lib/router'
import { buttonClasses } from '../../ui/button'

/** A product slug the shop doesn't know (the call answered 404). */
export function ProductNotFound() {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <p className="text-5xl font-bold text-border" aria-hidden="true">
        404
      </p>
      <h1 className="mt-3 text-xl font-bold">Product not found</h1>
      <p className="mt-1 max-w-sm text-sm text-muted">This product may have been removed or its link has changed.</p>
      <Link to="/products" className={buttonClasses({ className: 'mt-6' })}>
        Browse all products
      </Link>
    </div>
  )
}
