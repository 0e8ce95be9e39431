import { useEffect } from 'react'
import type { VerifyResult } from '../../common/contracts/accounts'
import { useDocumentHead } from '../app/use-document-head'
import { useSessionUser } from '../app/use-session-user'
import { AuthCard } from '../features/accounts/auth-card'
import { clearPendingSignIn, markVerifiedForRegistration, pendingUsername } from '../features/accounts/pending-sign-in'
import { VerifyForm } from '../features/accounts/verify-form'
import { Link, useNavigate } from '../lib/router'
import { takeSavedPath } from '../lib/saved-path'

export function AuthVerifyRoute() {
  const navigate = useNavigate()
  const setUser = useSessionUser()
  const username = pendingUsername()
  useDocumentHead({ title: 'Enter your code' })
  useEffect(() => {
    if (!username) navigate('/auth/login', { replace: true })
  }, [username, navigate])
  if (!username) return null

  async function verified(result: VerifyResult) {
    if (!result.user) {
      markVerifiedForRegistration(username!)
      return navigate('/auth/register', { replace: true })
    }
    clearPendingSignIn()
    await setUser(result.user)
    // Spec §4: the path saved by a guard is removed and opened.
    navigate(takeSavedPath() ?? '/', { replace: true })
  }

  return (
    <AuthCard
      title="Enter your code"
      footer={
        <Link to="/auth/login" className="font-medium text-primary hover:underline">
          Use a different number or email
        </Link>
      }
    >
      <VerifyForm username={username} onVerified={verified} />
    </AuthCard>
  )
}
