import { NotFound } from '../app/not-found'
import { useDocumentHead } from '../app/use-document-head'

/** An address kept for the app's own screens (account, checkout, sign-in, …) where none is. */
export function NotFoundRoute() {
  useDocumentHead({ title: 'Page not found' })
  return <NotFound />
}
