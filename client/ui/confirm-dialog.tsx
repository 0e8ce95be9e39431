import { useEffect, useState, useSyncExternalStore } from 'react'
import { Modal } from './modal'
import { Button } from './button'

export interface ConfirmOptions {
  title: string
  message: string
  confirmText?: string
  cancelText?: string
  /** Styles the confirm button as destructive. */
  danger?: boolean
}

interface Request extends ConfirmOptions {
  id: number
  resolve: (answer: boolean) => void
}

let queue: Request[] = []
let nextId = 1
let hosts = 0
const listeners = new Set<() => void>()

function setQueue(next: Request[]) {
  queue = next
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Asks the user; resolves true for confirm, false for cancel or dismissal. Needs a mounted <ConfirmHost/>. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (hosts === 0) {
    console.warn('confirm() was called without a mounted <ConfirmHost/>; answering false')
    return Promise.resolve(false)
  }
  return new Promise((resolve) => setQueue([...queue, { ...options, id: nextId++, resolve }]))
}

function answer(id: number, value: boolean) {
  const request = queue.find((r) => r.id === id)
  if (!request) return
  request.resolve(value)
  setQueue(queue.filter((r) => r.id !== id))
}

const NONE: Request[] = []

/** Mount once near the root. Shows queued confirm() requests one at a time; focus starts on the safe choice for danger. */
export function ConfirmHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => queue,
    () => NONE,
  )[0]
  const [shown, setShown] = useState<Request | null>(null)
  useHostRegistration()
  // Keep the last request on screen while the modal animates out.
  if (current && current !== shown) setShown(current)
  if (!shown) return null

  return (
    <Modal
      key={shown.id}
      open={current === shown}
      onClose={() => answer(shown.id, false)}
      title={shown.title}
      footer={
        <>
          <Button variant="outline" data-autofocus={shown.danger ? '' : undefined} onClick={() => answer(shown.id, false)}>
            {shown.cancelText ?? 'Cancel'}
          </Button>
          <Button variant={shown.danger ? 'danger' : 'primary'} data-autofocus={shown.danger ? undefined : ''} onClick={() => answer(shown.id, true)}>
            {shown.confirmText ?? 'Confirm'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted">{shown.message}</p>
    </Modal>
  )
}

function useHostRegistration() {
  useEffect(() => {
    hosts++
    return () => {
      // With no host left nobody can answer; pending questions count as cancelled.
      if (--hosts === 0) queue.forEach((r) => answer(r.id, false))
    }
  }, [])
}
