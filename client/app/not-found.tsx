import { Link } from '../lib/router'
import { buttonClasses } from '../ui/button'

export function NotFound({
  title = 'Page not found',
  message = "We couldn't find what you were looking for. It may have moved, or the link may be wrong.",
}: {
  title?: string
  message?: string
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted">{message}</p>
      <div className="mt-6 flex gap-3">
        <Link to="/" className={buttonClasses()}>
          Go to home
        </Link>
        <Link to="/products" className={buttonClasses({ variant: 'outline' })}>
          Browse products
        </Link>
      </div>
    </section>
  )
}
