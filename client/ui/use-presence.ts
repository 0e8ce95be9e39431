import { useEffect, useRef, useState } from 'react'
import { useLatest } from './use-latest'

interface PresenceTimings {
  /** ms between mounting and becoming visible, so CSS transitions start from the hidden state */
  enterDelay: number
  /** ms the exit animation runs before unmounting */
  exitDuration: number
}

/**
 * Mount/visibility for animated overlays: mount, then show after `enterDelay`;
 * hide, then unmount (and call `onExited`) after `exitDuration`. Never mounts during SSR.
 */
export function usePresence(show: boolean, { enterDelay, exitDuration }: PresenceTimings, onExited?: () => void) {
  const [mounted, setMounted] = useState(false)
  const [visible, setVisible] = useState(false)
  const wasShown = useRef(false)
  const onExitedRef = useLatest(onExited)

  useEffect(() => {
    if (show) {
      wasShown.current = true
      setMounted(true)
      const t = setTimeout(() => setVisible(true), enterDelay)
      return () => clearTimeout(t)
    }
    if (!wasShown.current) return
    setVisible(false)
    const t = setTimeout(() => {
      wasShown.current = false
      setMounted(false)
      onExitedRef.current?.()
    }, exitDuration)
    return () => clearTimeout(t)
  }, [show, enterDelay, exitDuration, onExitedRef])

  return { mounted, visible }
}
