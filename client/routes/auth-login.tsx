import { useEffect } from 'react'
import { useDocumentHead } from '../app/use-document-head'
import { AuthCard } from '../features/accounts/auth-card'
import { LoginForm } from '../features/accounts/login-form'
import { useInit } from '../lib/init'
import { Link, useLocation, useNavigate } from '../lib/router'

const REASONS: Record<string, string> = {
  'switch-expired': 'That website switch link has expired or was already used. Sign in here to continue.',
}

export function AuthLoginRoute() {
  const init = useInit()
  const navigate = useNavigate()
  const reason = REASONS[new URLSearchParams(useLocation().search).get('reason') ?? '']
  useDocumentHead({ title: 'Sign in' })
  useEffect(() => {
    if (init.user) navigate('/account', { replace: true })
  }, [init.user, navigate])
  return (
    <AuthCard
      title="Sign in"
      description={`Sign in to ${init.web.name} with your mobile number or email.`}
      footer={
        init.navSetting.show_register && (
          <>
            New here?{' '}
            <Link to="/auth/register" className="font-medium text-primary hover:underline">
              Create an account
            </Link>
          </>
        )
      }
    >
      {reason && <p className="mb-4 rounded-md bg-background px-3 py-2 text-sm">{reason}</p>}
      <LoginForm onSent={() => navigate('/auth/verify')} />
    </AuthCard>
  )
}
