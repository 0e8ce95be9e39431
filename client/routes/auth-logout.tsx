import { useEffect, useRef } from 'react'
import { useDocumentHead } from '../app/use-document-head'
import { useSessionUser } from '../app/use-session-user'
import { useLogout } from '../features/accounts/api'
import { useInitMaybe } from '../lib/init'
import { useNavigate } from '../lib/router'
import { Spinner } from '../ui/spinner'

/** Spec §4: logout calls the server, then clears the user and goes home. */
export function AuthLogoutRoute() {
  const logout = useLogout()
  const setUser = useSessionUser()
  const navigate = useNavigate()
  const started = useRef(false)
  const pincode = useInitMaybe()?.pincode
  useDocumentHead({ title: 'Signing out' })
  useEffect(() => {
    if (started.current) return
    started.current = true
    logout.mutate(pincode, {
      onSettled: async () => {
        await setUser(null)
        navigate('/', { replace: true })
      },
    })
  }, [logout, setUser, navigate, pincode])
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Signing you out" className="size-6 text-primary" />
    </div>
  )
}
