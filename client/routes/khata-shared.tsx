import { useDocumentHead } from '../app/use-document-head'
import { SharedStatementView } from '../features/khata/shared-statement'
import { useParams } from '../lib/router'

/** A khata statement the shop shared by a link: no sign-in, pay by UPI QR (issue 28). */
export function KhataSharedRoute() {
  const { token } = useParams<{ token: string }>()
  useDocumentHead({ title: 'Khata statement' })
  return <SharedStatementView token={token} />
}
