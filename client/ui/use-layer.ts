import { useEffect } from 'react'
import { useLatest } from './use-latest'

/**
 * Stack of open overlays (modals, drawers, poppers). Only the topmost one reacts to Escape,
 * so Escape in a popper inside a modal closes the popper and leaves the modal open.
 */
const stack: symbol[] = []

export function isTopLayer(id: symbol): boolean {
  return stack[stack.length - 1] === id
}

export function useLayer(active: boolean, onEscape: () => void) {
  const onEscapeRef = useLatest(onEscape)

  useEffect(() => {
    if (!active) return
    const id = Symbol('layer')
    stack.push(id)
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !isTopLayer(id)) return
      e.preventDefault()
      onEscapeRef.current()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      stack.splice(stack.indexOf(id), 1)
    }
  }, [active, onEscapeRef])
}
