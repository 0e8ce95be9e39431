import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { currentShift, type ShiftReport } from '../../../common/contracts/pos-shifts'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import { useInit } from '../../lib/init'
import { Counter } from './counter'
import { keepPosOffline, registerChoice, shiftCopy } from './pos-store'
import type { Shop } from './receipt'
import { OpenShiftForm, ShiftReportView } from './shift-views'

const SHIFT_KEY = ['pos', 'shift']

/** The counter: the shift, then selling (find, cart, pay, receipt), offline too. */
export function PosScreen() {
  const api = useApi()
  const init = useInit()
  const qc = useQueryClient()
  // The register this device chose (remembered); a choice that is gone (404) is forgotten.
  const [registerId, setRegisterId] = useState(registerChoice.get)
  const shift = useQuery({
    queryKey: [...SHIFT_KEY, registerId ?? 0],
    queryFn: async () => {
      try {
        const answer = await api.call(currentShift, { query: registerId ? { register_id: registerId } : {} })
        shiftCopy.set(registerId, answer)
        return answer
      } catch (err) {
        if (registerId && (err as { status?: number }).status === 404) {
          registerChoice.set(undefined)
          setRegisterId(undefined)
        }
        throw err
      }
    },
    networkMode: 'always',
    // The server is the truth (another device on the register may sell or close the shift): asked on start, on
    // focus, every minute and after every refusal (onShift). Reloaded offline, the copy kept on this device shows first.
    // (Offline, the kept copy serves: asking would only fail.)
    staleTime: 5_000,
    refetchOnMount: () => (navigator.onLine ? 'always' : false),
    refetchOnWindowFocus: () => (navigator.onLine ? 'always' : false),
    refetchInterval: () => (navigator.onLine ? 60_000 : false),
    initialData: () => shiftCopy.get(registerId),
    initialDataUpdatedAt: 0,
  })
  const notice = useShiftChange(shift.data?.shift ?? null, shift.dataUpdatedAt, registerId)
  useEffect(keepPosOffline, [])
  const choose = useCallback((id: number | undefined) => {
    registerChoice.set(id)
    setRegisterId(id)
  }, [])
  const [closed, setClosed] = useState<ShiftReport | null>(null)
  const reload = useCallback(() => qc.invalidateQueries({ queryKey: SHIFT_KEY }), [qc])
  const onClosed = useCallback(
    (report: ShiftReport) => {
      notice.closedHere()
      qc.setQueriesData<{ shift: ShiftReport | null }>({ queryKey: SHIFT_KEY }, (d) => d && { ...d, shift: null })
      shiftCopy.set(registerChoice.get(), null)
      setClosed(report)
    },
    [qc, notice],
  )
  const shop: Shop = { name: init.web.name, address: init.webAddress.address, phone: init.webAddress.phone, email: init.webAddress.email }

  if (closed) {
    return (
      <main className="mx-auto max-w-3xl p-4 sm:p-6">
        <h1 className="mb-4 text-2xl font-semibold">Shift closed: report</h1>
        <ShiftReportView report={closed} />
        <div className="mt-6 flex flex-wrap gap-3 print:hidden">
          <Button size="lg" onClick={() => window.print()} variant="outline">
            Print report
          </Button>
          <Button
            size="lg"
            onClick={() => {
              setClosed(null)
              void reload()
            }}
          >
            Open a new shift
          </Button>
        </div>
      </main>
    )
  }
  // A shift already read keeps the counter going when a later read fails (offline, a blip).
  if (shift.data?.shift)
    return (
      <Counter
        key={shift.data.shift.register_id}
        shift={shift.data.shift}
        shop={shop}
        cashier={init.user?.name ?? ''}
        onShift={reload}
        onClosed={onClosed}
        onRegister={choose}
      />
    )
  if (shift.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading the counter" className="size-8 text-primary" />
      </div>
    )
  }
  if (shift.isError) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-muted">{errorText(shift.error)}</p>
        <Button size="lg" onClick={() => shift.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (!shift.data.shift) {
    return (
      <>
        {notice.text && (
          <p role="alert" className="mx-auto mt-6 max-w-md rounded-lg border border-accent bg-accent/15 p-3 text-sm">
            {notice.text}
          </p>
        )}
        <OpenShiftForm register={shift.data.register} onChoose={choose} onOpened={reload} />
      </>
    )
  }
  return (
    <Counter
      key={shift.data.shift.register_id}
      shift={shift.data.shift}
      shop={shop}
      cashier={init.user?.name ?? ''}
      onShift={reload}
      onClosed={onClosed}
      onRegister={choose}
    />
  )
}

/**
 * What changed on the server since this device last looked: the shift it was selling on closed (or replaced) on
 * another device. `closedHere` marks a close made on this device, which needs no notice.
 */
function useShiftChange(now: ShiftReport | null, at: number, registerId: number | undefined) {
  const last = useRef<ShiftReport | null>(now)
  const [text, setText] = useState<string | null>(null)
  // another register chosen on this device: its shift is no change made elsewhere
  const chosen = useRef(registerId)
  useEffect(() => {
    const before = last.current
    last.current = now
    if (chosen.current !== registerId) {
      chosen.current = registerId
      setText(null)
      return
    }
    if (!before || before.shift_id === now?.shift_id) return
    if (now) toast.info(`Shift #${now.shift_id} was opened on another device: the counter now sells on it`)
    else setText(`The shift on ${before.register} was closed on another device. Its figures are in the shift reports; open a new shift to keep selling.`)
  }, [now, at, registerId])
  return useMemo(
    () => ({
      text: now ? null : text,
      closedHere: () => {
        last.current = null
        setText(null)
      },
    }),
    [now, text],
  )
}
