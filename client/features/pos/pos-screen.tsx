import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { currentShift, type ShiftReport } from '../../../common/contracts/pos'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { useInit } from '../site-settings/api'
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
    staleTime: Number.POSITIVE_INFINITY,
    // reloaded offline: the last answer kept on this device (asked again at once)
    initialData: () => shiftCopy.get(registerId),
    initialDataUpdatedAt: 0,
  })
  useEffect(keepPosOffline, [])
  const choose = useCallback((id: number | undefined) => {
    registerChoice.set(id)
    setRegisterId(id)
  }, [])
  const [closed, setClosed] = useState<ShiftReport | null>(null)
  const reload = useCallback(() => qc.invalidateQueries({ queryKey: SHIFT_KEY }), [qc])
  const onClosed = useCallback(
    (report: ShiftReport) => {
      qc.setQueriesData<{ shift: ShiftReport | null }>({ queryKey: SHIFT_KEY }, (d) => d && { ...d, shift: null })
      shiftCopy.set(registerChoice.get(), null)
      setClosed(report)
    },
    [qc],
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
  if (shift.data?.shift) return <Counter shift={shift.data.shift} shop={shop} cashier={init.user?.name ?? ''} onShift={reload} onClosed={onClosed} />
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
  if (!shift.data.shift) return <OpenShiftForm register={shift.data.register} onChoose={choose} onOpened={reload} />
  return <Counter shift={shift.data.shift} shop={shop} cashier={init.user?.name ?? ''} onShift={reload} onClosed={onClosed} />
}
