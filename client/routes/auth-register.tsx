import type { User } from '../../common/contracts/accounts'
import { useDocumentHead } from '../app/use-document-head'
import { useSessionUser } from '../app/use-session-user'
import { AuthCard } from '../features/accounts/auth-card'
import { LoginForm } from '../features/accounts/login-form'
import { clearPendingSignIn, verifiedForRegistration } from '../features/accounts/pending-sign-in'
import { RegisterForm } from '../features/accounts/register-form'
import { useInit } from '../lib/init'
import { Link, useNavigate } from '../lib/router'
import { takeSavedPath } from '../lib/saved-path'

/** New shoppers first prove their number or email with a code, then give their details. */
export function AuthRegisterRoute() {
  const init = useInit()
  const navigate = useNavigate()
  const setUser = useSessionUser()
  const verified = verifiedForRegistration()
  useDocumentHead({ title: 'Create an account' })

  async function registered(user: User) {
    clearPendingSignIn()
    await setUser(user)
    navigate(takeSavedPath() ?? '/', { replace: true })
  }

  if (!verified) {
    return (
      <AuthCard
        title="Create an account"
        description="First we'll confirm your mobile number or email with a 6-digit code."
        footer={
          <>
            Already shop with us?{' '}
            <Link to="/auth/login" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </>
        }
      >
        <LoginForm onSent={() => navigate('/auth/verify')} submitText="Continue" />
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Create an account" description={`A few details and you're ready to shop at ${init.web.name}.`}>
      <RegisterForm verified={verified} onRegistered={registered} />
    </AuthCard>
  )
}
