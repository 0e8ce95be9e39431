import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { listProducts, type Pack, type Product } from '../../../common/contracts/catalogue'
import { createSale, currentShift, getReceipt, previewSale, type SaleInput, type SalePreviewInput, type ShiftReport } from '../../../common/contracts/pos'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { cn } from '../../lib/cn'
import * as paths from '../../lib/staff-paths'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { Spinner } from '../../ui/spinner'
import { confirm } from '../../ui/confirm-dialog'
import { toast } from '../../ui/toast'
import { useInit } from '../site-settings/api'
import { type CartLine, type CartPayment, cartTotals, lineNet, newClientId, parseRupees, paymentState, rupees, toRupees } from './cart-maths'
import { CameraScanner } from './camera-scanner'
import { findByCode, refreshCatalogue, refreshCodes, searchKept } from './catalogue'
import { PayDialog } from './pay-dialog'
import { catalogueStore, keepPosOffline, registerChoice, shiftCopy } from './pos-store'
import { type PaperSize, PrintPage, Receipt, type ReceiptData, type Shop } from './receipt'
import { ReturnsDialog } from './returns-dialog'
import { SendReceipt } from './send-receipt'
import { CashMoveDialog, CloseShiftDialog, OpenShiftForm, ShiftReportView } from './shift-views'
import { isNetworkError, useOfflineQueue } from './use-offline-queue'
import { listenForScans } from './wedge-scanner'

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

function Counter({
  shift,
  shop,
  cashier,
  onShift,
  onClosed,
}: {
  shift: ShiftReport
  shop: Shop
  cashier: string
  onShift: () => void
  onClosed: (r: ShiftReport) => void
}) {
  const api = useApi()
  const { online, waiting, problem, add: enqueue } = useOfflineQueue(api, onShift)
  const [kept, setKept] = useState<Product[]>([])
  const [lines, setLines] = useState<CartLine[]>([])
  const [orderDiscount, setOrderDiscount] = useState('')
  const [phone, setPhone] = useState('')
  const [coupon, setCoupon] = useState('')
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({})
  const [clientId, setClientId] = useState(newClientId)
  const [paying, setPaying] = useState(false)
  const [busy, setBusy] = useState(false)
  const [payError, setPayError] = useState<string | null>(null)
  const [receipt, setReceipt] = useState<ReceiptData | null>(null)
  const [picker, setPicker] = useState<Product | null>(null)
  const [dialog, setDialog] = useState<'cash' | 'close' | 'report' | 'returns' | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  // The catalogue kept for offline selling: what was kept last time at once, then a fresh copy when online.
  useEffect(() => {
    let live = true
    void catalogueStore.get().then((c) => live && c && setKept((now) => (now.length ? now : c.products)))
    if (navigator.onLine) {
      refreshCatalogue(api)
        .then((p) => live && setKept(p))
        .catch(() => undefined)
      refreshCodes(api).catch(() => undefined)
    }
    return () => {
      live = false
    }
  }, [api])

  const [lastAdded, setLastAdded] = useState<{ pack: number; at: number } | null>(null)
  const addPack = useCallback((product: Product, pack: Pack) => {
    setReceipt(null)
    setLastAdded({ pack: pack.pack_id, at: Date.now() })
    setLines((now) => {
      const at = now.findIndex((l) => l.pack_id === pack.pack_id)
      if (at >= 0) return now.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l))
      return [
        ...now,
        {
          pack_id: pack.pack_id,
          product_id: product.product_id,
          product_name: product.product_name,
          pack_name: pack.pack_name,
          price: Math.round(pack.price * 100),
          mrp: Math.round(pack.act_price * 100),
          quantity: 1,
          discount: 0,
        },
      ]
    })
  }, [])
  const pick = useCallback(
    (product: Product) => {
      if (product.packs.length === 1) addPack(product, product.packs[0])
      else setPicker(product)
    },
    [addPack],
  )

  // A USB scanner anywhere on the screen (while no dialog is open).
  const keptRef = useRef(kept)
  keptRef.current = kept
  const blocked = paying || dialog !== null
  const onCode = useCallback(
    (code: string) => {
      findByCode(api, code, keptRef.current, navigator.onLine)
        .then((hit) => {
          const pack = hit?.product.packs.find((k) => k.pack_id === hit.pack_id)
          if (hit && pack) addPack(hit.product, pack)
          else toast.error(`No pack has the code ${code}`)
        })
        .catch((err) => toast.fromError(err))
    },
    [api, addPack],
  )
  useEffect(() => {
    if (blocked) return
    return listenForScans(onCode)
  }, [onCode, blocked])
  const [camera, setCamera] = useState(false)

  const checkingRef = useRef(false)
  // Keys: F2 search, F8 pay.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault()
        searchRef.current?.focus()
      } else if (e.key === 'F8' && lines.length > 0 && !blocked && !checkingRef.current) {
        e.preventDefault()
        setPaying(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [lines.length, blocked])

  const discountPaise = parseRupees(orderDiscount || '0') ?? 0
  const totals = cartTotals(lines, discountPaise)

  // With a coupon, the server prices the cart as the sale will (only it knows the coupon's rules), so the payment
  // dialog asks for the total after the coupon and card or UPI can pay it exactly.
  const previewBody = useMemo<SalePreviewInput | null>(() => {
    const code = coupon.trim()
    if (!code || lines.length === 0) return null
    return {
      lines: lines.map((l) => ({ pack_id: l.pack_id, quantity: l.quantity, ...(l.discount > 0 ? { discount: toRupees(l.discount) } : {}) })),
      ...(totals.orderDiscount > 0 ? { discount: toRupees(totals.orderDiscount) } : {}),
      coupon_code: code,
      ...(/^[6-9]\d{9}$/.test(phone) ? { customer_phone: phone } : {}),
    }
  }, [coupon, lines, totals.orderDiscount, phone])
  const [debouncedPreview, setDebouncedPreview] = useState<SalePreviewInput | null>(null)
  useEffect(() => {
    const t = setTimeout(() => setDebouncedPreview(previewBody), 350)
    return () => clearTimeout(t)
  }, [previewBody])
  const previewKey = JSON.stringify(previewBody)
  const preview = useQuery({
    queryKey: ['pos', 'preview', JSON.stringify(debouncedPreview)],
    queryFn: () => api.call(previewSale, { body: debouncedPreview! }),
    enabled: online && debouncedPreview !== null,
    retry: false,
    staleTime: 30_000,
  })
  const previewCurrent = previewBody !== null && JSON.stringify(debouncedPreview) === previewKey
  const couponPreview =
    previewCurrent && preview.data?.coupon ? { code: preview.data.coupon.code, paise: Math.round(preview.data.coupon.discount * 100) } : null
  const couponError = previewCurrent && preview.isError ? (fieldErrors(preview.error).coupon_code ?? errorText(preview.error)) : null
  const checkingCoupon = online && previewBody !== null && (!previewCurrent || preview.isFetching)
  checkingRef.current = checkingCoupon
  const due = previewCurrent && preview.data ? Math.round(preview.data.total * 100) : totals.total

  const newSale = () => {
    setLines([])
    setOrderDiscount('')
    setPhone('')
    setCoupon('')
    setLineErrors({})
    setClientId(newClientId())
    setReceipt(null)
    searchRef.current?.focus()
  }

  const complete = async (payments: CartPayment[]) => {
    const pay = paymentState(due, payments)
    const body: SaleInput = {
      client_id: clientId,
      lines: lines.map((l) => ({ pack_id: l.pack_id, quantity: l.quantity, ...(l.discount > 0 ? { discount: toRupees(l.discount) } : {}) })),
      payments: payments.map((p) => ({
        method: p.method,
        amount: toRupees(p.amount),
        ...(p.reference ? { reference: p.reference } : {}),
        ...(p.qr_id ? { qr_id: p.qr_id } : {}),
      })),
      ...(totals.orderDiscount > 0 ? { discount: toRupees(totals.orderDiscount) } : {}),
      ...(coupon.trim() ? { coupon_code: coupon.trim() } : {}),
      ...(phone.trim() ? { customer_phone: phone.trim() } : {}),
      register_id: shift.register_id,
    }
    // The server's answer has the total after the coupon (only it knows the coupon's rules) and the real change.
    const done = (order_number: string | null, answer?: { total: number; change_due: number }) => {
      const couponPaise = answer && coupon.trim() ? Math.max(0, totals.total - Math.round(answer.total * 100)) : 0
      setReceipt({
        order_number,
        client_id: clientId,
        at: new Date().toISOString(),
        cashier,
        register: shift.register,
        lines,
        orderDiscount: totals.orderDiscount,
        payments,
        change: answer ? Math.round(answer.change_due * 100) : pay.change,
        customer_phone: phone.trim() || undefined,
        ...(couponPaise > 0 ? { coupon: { code: coupon.trim().toUpperCase(), discount: couponPaise } } : {}),
      })
      setPaying(false)
      setLines([])
      setOrderDiscount('')
      setPhone('')
      setCoupon('')
      setClientId(newClientId())
    }
    const cashOnly = payments.every((p) => p.method === 'cash')
    const queueIt = async () => {
      await enqueue({
        client_id: clientId,
        body: { ...body, offline: true, sold_at: new Date().toISOString() },
        queued_at: new Date().toISOString(),
        total: due,
      })
      done(null)
    }
    setBusy(true)
    setPayError(null)
    setLineErrors({})
    try {
      if (!navigator.onLine) {
        if (!cashOnly) return setPayError('Card and UPI need the network: take cash, or wait for the network')
        return await queueIt()
      }
      const answer = await api.call(createSale, { body })
      done(answer.order_number, answer)
      onShift()
      // The GST part comes from the invoice the server issued with the sale (the printed receipt's tax part).
      api
        .call(getReceipt, { params: { order_number: answer.order_number } })
        .then((r) => setReceipt((now) => (now?.order_number === r.order_number ? { ...now, tax: r.tax } : now)))
        .catch(() => undefined)
    } catch (err) {
      if (isNetworkError(err) && cashOnly) return await queueIt()
      const fields = fieldErrors(err)
      setLineErrors(fields)
      setPayError(Object.values(fields)[0] ?? errorText(err))
      // A refused discount, quantity or mobile is fixed in the cart, where its message now shows.
      if (Object.keys(fields).some((k) => k.startsWith('lines.') || k === 'discount' || k === 'customer_phone' || k === 'coupon_code')) setPaying(false)
    } finally {
      setBusy(false)
    }
  }

  const reference = clientId.slice(0, 8).toUpperCase()
  const [paper, setPaper] = useState<PaperSize>('80mm')
  const print = (size: PaperSize) => {
    setPaper(size)
    // Printing after the paper's styles are on the page.
    requestAnimationFrame(() => requestAnimationFrame(() => window.print()))
  }

  return (
    <div className="flex min-h-screen flex-col">
      <PrintPage paper={paper} />
      <style>{'@keyframes pos-flash { from { background: color-mix(in srgb, var(--color-primary) 18%, transparent) } }'}</style>
      <header className="sticky top-0 z-20 flex flex-wrap items-center gap-2 border-b border-border bg-surface px-3 py-2 lg:h-[57px] lg:flex-nowrap print:hidden">
        <p className="mr-auto min-w-0 truncate">
          <span className="font-semibold">{shop.name}</span> <span className="text-muted">· {shift.register}</span>
          <span className="hidden text-muted xl:inline"> · {shift.cashier}</span>
        </p>
        <span
          role="status"
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium',
            online ? 'bg-success/10 text-text' : 'bg-accent/25 text-text',
          )}
        >
          <span aria-hidden="true" className={cn('size-2 rounded-full', online ? 'bg-success' : 'bg-text')} />
          {online ? 'Online' : 'Offline'}
          {!online && <span className="sr-only">: cash sales are kept on this counter</span>}
        </span>
        {waiting.length > 0 && (
          <span
            className="inline-flex h-9 items-center rounded-full bg-accent/25 px-3 text-sm font-medium text-text"
            title={problem ?? undefined}
            data-testid="waiting"
          >
            {waiting.length} waiting to send
          </span>
        )}
        <span className="hidden text-sm whitespace-nowrap tabular-nums text-muted md:inline" data-testid="shift-summary">
          {shift.sales_count} {shift.sales_count === 1 ? 'sale' : 'sales'} · {rupees(Math.round(shift.sales_total * 100))}
        </span>
        <Button variant="outline" onClick={() => setDialog('cash')} disabled={!online}>
          Cash in/out
        </Button>
        <Button variant="outline" onClick={() => setDialog('returns')} disabled={!online}>
          Returns
        </Button>
        <Button variant="outline" onClick={() => setDialog('report')}>
          Report
        </Button>
        <Button variant="outline" onClick={() => setDialog('close')} disabled={!online}>
          Close shift
        </Button>
        <a href={paths.admin()} className="hidden h-10 items-center px-2 text-sm text-primary xl:inline-flex">
          Administration
        </a>
      </header>
      {problem && (
        <p role="alert" className="bg-danger/10 px-3 py-2 text-sm text-danger print:hidden">
          Waiting sales could not be sent: {problem}
        </p>
      )}

      <div className="grid flex-1 gap-0 lg:grid-cols-[1fr_26rem] print:block">
        <main className="flex min-w-0 flex-col gap-3 p-3 print:hidden">
          <ProductFinder searchRef={searchRef} kept={kept} online={online} onPick={pick} onCamera={() => setCamera(true)} />
          {lines.length > 0 && !receipt && (
            <a
              href="#pos-sale"
              className="sticky bottom-2 z-10 flex h-14 items-center justify-between rounded-lg bg-primary px-4 text-lg font-semibold text-on-primary shadow-lg lg:hidden"
            >
              <span>
                {totals.items} {totals.items === 1 ? 'item' : 'items'}: see the sale
              </span>
              <span className="tabular-nums">{rupees(totals.total)}</span>
            </a>
          )}
        </main>
        <aside
          id="pos-sale"
          aria-label="Sale"
          className="flex flex-col border-t border-border bg-surface lg:sticky lg:top-[57px] lg:h-[calc(100vh-57px)] lg:border-t-0 lg:border-l print:static print:h-auto print:border-0"
        >
          {receipt ? (
            <div className="flex flex-1 flex-col overflow-y-auto">
              <div className="flex flex-wrap gap-2 p-3 print:hidden">
                <p role="status" className="w-full text-lg font-semibold">
                  {receipt.order_number ? `Sale ${receipt.order_number} complete` : 'Sale kept offline'}
                  {receipt.change > 0 && <span className="block text-2xl text-primary">Change due {rupees(receipt.change)}</span>}
                </p>
                <Button variant="outline" size="lg" onClick={() => print('80mm')}>
                  Print receipt
                </Button>
                <Button variant="outline" size="lg" onClick={() => print('a4')}>
                  Print A4
                </Button>
                <Button size="lg" onClick={newSale} autoFocus>
                  New sale
                </Button>
                {receipt.order_number && online && <SendReceipt orderNumber={receipt.order_number} phone={receipt.customer_phone} />}
              </div>
              <div className="border-t border-border bg-background p-3 print:border-0 print:bg-white print:p-0">
                <Receipt data={receipt} shop={shop} paper={paper} />
              </div>
            </div>
          ) : (
            <CartPanel
              lines={lines}
              setLines={setLines}
              errors={lineErrors}
              orderDiscount={orderDiscount}
              setOrderDiscount={setOrderDiscount}
              phone={phone}
              setPhone={setPhone}
              coupon={coupon}
              setCoupon={setCoupon}
              lastAdded={lastAdded}
              onClear={async () => {
                if (await confirm({ title: 'Clear this sale?', message: 'Every line of the sale is taken off.', confirmText: 'Clear sale', danger: true }))
                  newSale()
              }}
              onPay={() => {
                setPayError(null)
                setPaying(true)
              }}
              totals={totals}
              due={due}
              couponPreview={couponPreview}
              couponError={couponError}
              checkingCoupon={checkingCoupon}
            />
          )}
        </aside>
      </div>

      {picker && (
        <Modal open onClose={() => setPicker(null)} title={`${picker.product_name}: which pack?`}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {picker.packs.map((pack) => (
              <li key={pack.pack_id}>
                <button
                  type="button"
                  onClick={() => {
                    addPack(picker, pack)
                    setPicker(null)
                  }}
                  className="flex h-16 w-full items-center justify-between rounded-lg border border-border px-4 text-left hover:border-primary"
                >
                  <span className="font-medium">{pack.pack_name}</span>
                  <span className="tabular-nums">
                    {rupees(Math.round(pack.price * 100))}
                    {pack.act_price > pack.price && <s className="ml-1 text-sm text-muted">{rupees(Math.round(pack.act_price * 100))}</s>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
      <PayDialog
        open={paying}
        total={due}
        reference={reference}
        shopName={shop.name}
        online={online}
        busy={busy}
        error={payError}
        onClose={() => setPaying(false)}
        onComplete={complete}
      />
      <CashMoveDialog
        shiftId={shift.shift_id}
        open={dialog === 'cash'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null)
          onShift()
        }}
      />
      <CloseShiftDialog shift={shift} open={dialog === 'close'} waiting={waiting.length} onClose={() => setDialog(null)} onClosed={onClosed} />
      {camera && (
        <CameraScanner
          open
          onClose={() => setCamera(false)}
          onScan={(code) => {
            setCamera(false)
            onCode(code)
          }}
        />
      )}
      <ReturnsDialog open={dialog === 'returns'} onClose={() => setDialog(null)} onDone={onShift} />
      <Modal open={dialog === 'report'} onClose={() => setDialog(null)} title="Shift so far" width={760}>
        <ShiftReportView report={shift} />
      </Modal>
    </div>
  )
}

function ProductFinder({
  searchRef,
  kept,
  online,
  onPick,
  onCamera,
}: {
  onCamera: () => void
  searchRef: React.RefObject<HTMLInputElement | null>
  kept: Product[]
  online: boolean
  onPick: (p: Product) => void
}) {
  const api = useApi()
  const [q, setQ] = useState('')
  const [debounced, setDebounced] = useState('')
  // The counter opens ready to search (a scanner works from anywhere anyway).
  useEffect(() => searchRef.current?.focus(), [searchRef])
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 200)
    return () => clearTimeout(t)
  }, [q])
  const remote = useQuery({
    queryKey: ['pos', 'search', debounced],
    queryFn: () => api.call(listProducts, { query: { q: debounced, perPage: 24 } }),
    enabled: online && debounced.length > 0,
    retry: false,
    staleTime: 30_000,
  })
  const local = useMemo(() => (debounced ? searchKept(kept, debounced) : kept.slice(0, 24)), [kept, debounced])
  // A product taken from the results clears the search, ready for the next one.
  const choose = (p: Product) => {
    onPick(p)
    setQ('')
    setDebounced('')
  }
  const useRemote = online && debounced.length > 0 && !remote.isError
  const results = useRemote ? (remote.data?.data ?? []) : local
  const loading = useRemote && remote.isFetching && !remote.data
  return (
    <>
      <div className="flex gap-2">
        <label htmlFor="pos-search" className="sr-only">
          Search products
        </label>
        <input
          ref={searchRef}
          id="pos-search"
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results.length > 0) choose(results[0])
          }}
          placeholder="Search products or scan a barcode (F2)"
          className="h-14 min-w-0 flex-1 rounded-lg border border-border bg-surface px-4 text-lg shadow-sm focus:border-primary focus:outline-none"
        />
        <Button variant="outline" size="lg" className="h-14" onClick={onCamera}>
          Camera
        </Button>
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {loading
          ? 'Searching…'
          : debounced
            ? `${results.length} ${results.length === 1 ? 'product' : 'products'} for “${debounced}”${online ? '' : ' (kept catalogue, offline)'}`
            : kept.length > 0
              ? 'Products A–Z: tap to add, or search'
              : online
                ? 'Loading the catalogue…'
                : 'Offline, and no catalogue kept on this counter yet'}
      </p>
      {debounced && !loading && results.length === 0 && (
        <p className="rounded-lg bg-surface p-6 text-center text-muted">No product matches. Try another word.</p>
      )}
      <ul aria-label="Products" className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4">
        {results.map((p) => {
          const prices = p.packs.map((k) => k.price)
          const low = Math.min(...prices)
          return (
            <li key={p.product_id}>
              <button
                type="button"
                onClick={() => choose(p)}
                className="flex h-full min-h-24 w-full flex-col items-start gap-1 rounded-lg border border-border bg-surface p-3 text-left hover:border-primary focus-visible:border-primary"
              >
                <span className="line-clamp-2 font-medium">{p.product_name}</span>
                <span className="text-xs text-muted">
                  {p.brand_name} · {p.packs.length === 1 ? p.packs[0].pack_name : `${p.packs.length} packs`}
                </span>
                <span className="mt-auto font-semibold tabular-nums">
                  {p.packs.length > 1 ? 'from ' : ''}
                  {rupees(Math.round(low * 100))}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}

function CartPanel({
  lines,
  setLines,
  errors,
  orderDiscount,
  setOrderDiscount,
  phone,
  setPhone,
  coupon,
  setCoupon,
  onPay,
  totals,
  due,
  couponPreview,
  couponError,
  checkingCoupon,
  lastAdded,
  onClear,
}: {
  due: number
  couponPreview: { code: string; paise: number } | null
  couponError: string | null
  checkingCoupon: boolean
  lastAdded: { pack: number; at: number } | null
  onClear: () => void
  lines: CartLine[]
  setLines: (f: (l: CartLine[]) => CartLine[]) => void
  errors: Record<string, string>
  orderDiscount: string
  setOrderDiscount: (v: string) => void
  phone: string
  setPhone: (v: string) => void
  coupon: string
  setCoupon: (v: string) => void
  onPay: () => void
  totals: ReturnType<typeof cartTotals>
}) {
  const [open, setOpen] = useState<number | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  // The line just scanned or tapped comes into view.
  useEffect(() => {
    if (lastAdded) listRef.current?.querySelector(`[data-pack="${lastAdded.pack}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [lastAdded])
  const change = (pack: number, patch: Partial<CartLine>) => setLines((now) => now.map((l) => (l.pack_id === pack ? { ...l, ...patch } : l)))
  const remove = (pack: number) => setLines((now) => now.filter((l) => l.pack_id !== pack))
  if (lines.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-muted">
        <p className="text-lg">The sale is empty</p>
        <p className="text-sm">Scan a barcode, or search and tap a product.</p>
      </div>
    )
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <h2 className="font-semibold">Sale</h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear sale
        </Button>
      </div>
      <ul ref={listRef} aria-label="Sale lines" className="min-h-0 flex-1 divide-y divide-border overflow-y-auto">
        {lines.map((l, i) => {
          const err = errors[`lines.${i}.discount`] ?? errors[`lines.${i}.quantity`] ?? errors[`lines.${i}.pack_id`]
          return (
            <li
              key={lastAdded?.pack === l.pack_id ? `${l.pack_id}-${lastAdded.at}` : l.pack_id}
              data-pack={l.pack_id}
              className={cn('p-3', lastAdded?.pack === l.pack_id && 'animate-[pos-flash_1s_ease-out]')}
              aria-label={`${l.product_name} (${l.pack_name})`}
            >
              <div className="flex items-start gap-2">
                <button
                  type="button"
                  className="min-w-0 flex-1 text-left"
                  onClick={() => setOpen(open === l.pack_id ? null : l.pack_id)}
                  aria-expanded={open === l.pack_id}
                >
                  <span className="line-clamp-2 font-medium">{l.product_name}</span>
                  <span className="text-sm text-muted">
                    {l.pack_name} · {rupees(l.price)}
                    {l.discount > 0 && ` · −${rupees(l.discount)}`}
                  </span>
                </button>
                <div className="flex items-center">
                  <button
                    type="button"
                    aria-label={`One fewer ${l.product_name}`}
                    onClick={() => (l.quantity > 1 ? change(l.pack_id, { quantity: l.quantity - 1 }) : remove(l.pack_id))}
                    className="flex size-11 items-center justify-center rounded-md border border-border text-xl"
                  >
                    −
                  </button>
                  <input
                    aria-label={`Quantity of ${l.product_name} (${l.pack_name})`}
                    inputMode="numeric"
                    value={l.quantity}
                    onChange={(e) => {
                      const n = Number.parseInt(e.target.value, 10)
                      if (n > 0 && n <= 10_000) change(l.pack_id, { quantity: n })
                    }}
                    className="h-11 w-12 text-center tabular-nums"
                  />
                  <button
                    type="button"
                    aria-label={`One more ${l.product_name}`}
                    onClick={() => change(l.pack_id, { quantity: l.quantity + 1 })}
                    className="flex size-11 items-center justify-center rounded-md border border-border text-xl"
                  >
                    +
                  </button>
                </div>
                <span className="w-20 pt-2 text-right font-semibold tabular-nums">{rupees(lineNet(l))}</span>
              </div>
              {open === l.pack_id && (
                <div className="mt-2 flex items-end gap-2">
                  <label className="flex flex-col gap-1 text-sm">
                    Line discount (₹)
                    <input
                      inputMode="decimal"
                      defaultValue={l.discount ? String(l.discount / 100) : ''}
                      onChange={(e) => change(l.pack_id, { discount: parseRupees(e.target.value || '0') ?? 0 })}
                      className="h-11 w-28 rounded-md border border-border px-2"
                    />
                  </label>
                  <Button variant="ghost" className="ml-auto text-danger" onClick={() => remove(l.pack_id)}>
                    Remove
                  </Button>
                </div>
              )}
              {err && (
                <p role="alert" className="mt-1 text-sm text-danger">
                  {err}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <div className="flex flex-col gap-2 border-t border-border p-3">
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Bill discount (₹)
            <input
              inputMode="decimal"
              value={orderDiscount}
              onChange={(e) => setOrderDiscount(e.target.value)}
              className="h-11 rounded-md border border-border px-2"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Customer mobile (optional)
            <input
              inputMode="tel"
              maxLength={10}
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
              className="h-11 rounded-md border border-border px-2"
            />
          </label>
        </div>
        {(errors.discount || errors.customer_phone) && (
          <p role="alert" className="text-sm text-danger">
            {errors.discount ?? errors.customer_phone}
          </p>
        )}
        <label className="flex flex-col gap-1 text-sm">
          Coupon code (optional)
          <input
            autoCapitalize="characters"
            autoComplete="off"
            value={coupon}
            onChange={(e) => setCoupon(e.target.value)}
            aria-invalid={errors.coupon_code || couponError ? true : undefined}
            aria-describedby={errors.coupon_code || couponError ? 'pos-coupon-error' : undefined}
            className={cn('h-11 rounded-md border px-2 uppercase', errors.coupon_code || couponError ? 'border-danger' : 'border-border')}
          />
        </label>
        {errors.coupon_code || couponError ? (
          <p id="pos-coupon-error" role="alert" className="text-sm text-danger">
            {errors.coupon_code ?? couponError}
          </p>
        ) : (
          coupon.trim() && (
            <p className="text-xs text-muted" aria-live="polite">
              {checkingCoupon
                ? 'Checking the coupon…'
                : couponPreview
                  ? `${couponPreview.code} applied`
                  : 'Offline: the coupon comes off when the sale is sent'}
            </p>
          )
        )}
        <dl className="flex flex-col gap-0.5 text-sm tabular-nums">
          <div className="flex justify-between">
            <dt>
              {totals.items} {totals.items === 1 ? 'item' : 'items'}
            </dt>
            <dd>{rupees(totals.gross)}</dd>
          </div>
          {totals.lineDiscounts + totals.orderDiscount > 0 && (
            <div className="flex justify-between">
              <dt>Discounts</dt>
              <dd>−{rupees(totals.lineDiscounts + totals.orderDiscount)}</dd>
            </div>
          )}
          {couponPreview && (
            <div className="flex justify-between">
              <dt>Coupon {couponPreview.code}</dt>
              <dd>−{rupees(couponPreview.paise)}</dd>
            </div>
          )}
          {totals.savings > 0 && (
            <div className="flex justify-between text-success">
              <dt>Saved on MRP</dt>
              <dd>{rupees(totals.savings)}</dd>
            </div>
          )}
        </dl>
        <Button size="lg" className="h-16 justify-between text-xl" onClick={onPay} disabled={checkingCoupon}>
          <span>Pay (F8)</span>
          <span className="tabular-nums" data-testid="cart-total">
            {rupees(due)}
          </span>
        </Button>
      </div>
    </div>
  )
}
