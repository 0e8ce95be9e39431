import { useEffect, useRef, useState } from 'react'
import { useDocumentHead } from '../app/use-document-head'
import { useSessionUser } from '../app/use-session-user'
import { AuthCard } from '../features/accounts/auth-card'
import { useRedeemSwitch } from '../features/accounts/api'
import { errorText } from '../lib/error-text'
import { Link, useNavigate } from '../lib/router'
import { Spinner } from '../ui/spinner'

/**
 * Arriving from another website with a one-time token in the #fragment (so no server or proxy logs it):
 * the token is taken out of the address bar at once and turned into a session here.
 */
export function BosSwitchRoute() {
  const redeem = useRedeemSwitch()
  const setUser = useSessionUser()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)
  useDocumentHead({ title: 'Switching website' })
  useEffect(() => {
    if (started.current) return
    started.current = true
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''
    window.history.replaceState(window.history.state, '', window.location.pathname)
    redeem.mutate(token, {
      onSuccess: async ({ user }) => {
        await setUser(user)
        navigate('/', { replace: true })
      },
      onError: (err) => setError(errorText(err)),
    })
  }, [redeem, setUser, navigate])
  if (!error) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Switching website" className="size-6 text-primary" />
      </div>
    )
  }
  return (
    <AuthCard
      title="Could not switch"
      footer={
        <Link to="/auth/login" className="font-medium text-primary hover:underline">
          Sign in here instead
        </Link>
      }
    >
      <p role="alert" className="text-sm text-danger">
        {error}
      </p>
    </AuthCard>
  )
}
