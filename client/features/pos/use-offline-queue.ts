import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createSale } from '../../../common/contracts/pos'
import type { Api } from '../../lib/api'
import { ApiError, errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { type QueuedSale, queue } from './pos-store'

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb)
  window.addEventListener('offline', cb)
  return () => {
    window.removeEventListener('online', cb)
    window.removeEventListener('offline', cb)
  }
}

/** Whether the browser says it is online (the `online`/`offline` events). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )

/** A failed fetch (no answer at all), as opposed to an answer that refused the call. */
export const isNetworkError = (err: unknown) => !(err instanceof ApiError)

/**
 * The sales made offline, waiting in IndexedDB: sent one by one, oldest first, when the network is back (and
 * on start). Each keeps the client id it was made with, so a send whose answer was lost is one sale on the
 * server all the same (decision 0024). A sale is taken off the queue only when the server has it.
 */
export function useOfflineQueue(api: Api, onSent: () => void) {
  const online = useOnline()
  const [waiting, setWaiting] = useState<QueuedSale[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const sending = useRef(false)
  const onSentRef = useRef(onSent)
  onSentRef.current = onSent

  const refresh = useCallback(async () => setWaiting(await queue.all()), [])

  const flush = useCallback(async () => {
    if (sending.current || !navigator.onLine) return
    sending.current = true
    let sent = 0
    try {
      for (const sale of await queue.all()) {
        try {
          await api.call(createSale, { body: sale.body })
          await queue.remove(sale.client_id)
          sent++
          setProblem(null)
        } catch (err) {
          // The same id with another body: the first, online attempt of this sale did reach the server.
          if (fieldErrors(err).client_id) {
            await queue.remove(sale.client_id)
            sent++
            continue
          }
          setProblem(isNetworkError(err) ? null : errorText(err))
          break
        }
      }
    } finally {
      sending.current = false
      await refresh()
      if (sent > 0) onSentRef.current()
    }
  }, [api, refresh])

  const add = useCallback(
    async (sale: QueuedSale) => {
      await queue.add(sale)
      await refresh()
    },
    [refresh],
  )

  useEffect(() => {
    void refresh()
  }, [refresh])
  useEffect(() => {
    if (online) void flush()
  }, [online, flush])
  // The browser may think it is online while calls still fail: try again now and then while sales wait.
  useEffect(() => {
    if (waiting.length === 0) return
    const timer = setInterval(() => void flush(), 15_000)
    return () => clearInterval(timer)
  }, [waiting.length, flush])

  return { online, waiting, problem, add, flush }
}
