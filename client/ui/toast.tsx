import { useSyncExternalStore } from 'react'
import { cn } from '../lib/cn'
import { errorText } from '../lib/error-text'
import { TOAST_MS } from '../../common/rules/constants'
import { XIcon } from './icons'

export type ToastKind = 'success' | 'error' | 'info'

export interface ToastAction {
  label: string
  onClick: () => void
}

export interface ToastItem {
  id: number
  kind: ToastKind
  message: string
  /** one button (e.g. 'Undo'); choosing it closes the toast */
  action?: ToastAction
}

interface ToastOptions {
  /** ms before the toast disappears; 0 keeps it until dismissed. */
  duration?: number
  action?: ToastAction
}

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const timers = new Map<number, ReturnType<typeof setTimeout>>()
const EMPTY: ToastItem[] = []

function emit(next: ToastItem[]) {
  items = next
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function show(kind: ToastKind, message: string, { duration = TOAST_MS, action }: ToastOptions = {}): number {
  const id = nextId++
  emit([...items, { id, kind, message, action }])
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    )
  return id
}

function dismiss(id: number) {
  clearTimeout(timers.get(id))
  timers.delete(id)
  if (items.some((t) => t.id === id)) emit(items.filter((t) => t.id !== id))
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Spec §8: the error's text is shown as an error toast and the error is logged. */
  fromError: (err: unknown, options?: ToastOptions) => {
    console.error(err)
    return show('error', errorText(err), options)
  },
  dismiss,
  clear: () => [...items].forEach((t) => dismiss(t.id)),
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  )
}

const kindClasses: Record<ToastKind, string> = {
  success: 'border-l-success',
  error: 'border-l-danger',
  info: 'border-l-primary',
}

/** Mount once near the root; toasts stack at the bottom on phones and top-right on larger screens. */
export function Toaster() {
  const list = useToasts()
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[10000] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:top-0 sm:right-0 sm:bottom-auto sm:items-end"
    >
      {list.map((t) => (
        <div
          key={t.id}
          role="status"
          aria-live={t.kind === 'error' ? 'assertive' : 'polite'}
          aria-atomic="true"
          data-kind={t.kind}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border border-l-4 border-border bg-surface p-3 text-sm text-text shadow-lg',
            kindClasses[t.kind],
          )}
        >
          <p className="flex-1">{t.message}</p>
          {t.action && (
            <button
              type="button"
              className="font-semibold text-primary hover:underline"
              onClick={() => {
                dismiss(t.id)
                t.action?.onClick()
              }}
            >
              {t.action.label}
            </button>
          )}
          <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(t.id)} className="text-muted hover:text-text">
            <XIcon className="size-4" />
          </button>
        </div>
      ))}
    </section>
  )
}
