import { useRef } from 'react'
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect'

/** A ref that always holds the latest value, for callbacks used inside long-lived effects. */
export function useLatest<T>(value: T) {
  const ref = useRef(value)
  useIsomorphicLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
