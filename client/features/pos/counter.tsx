import { useCallback, useEffect, useRef, useState } from 'react'
import type { Pack, Product } from '../../../common/contracts/catalogue'
import { createSale, getReceipt, type SaleInput } from '../../../common/contracts/pos'
import type { ShiftReport } from '../../../common/contracts/pos-shifts'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { confirm } from '../../ui/confirm-dialog'
import { Modal } from '../../ui/modal'
import { toast } from '../../ui/toast'
import { CameraScanner } from './camera-scanner'
import { type CartLine, type CartPayment, cartTotals, newClientId, parseRupees, paymentState, rupees, toRupees } from './cart-maths'
import { buyerBody, buyerProblems, NO_BUYER } from './business-buyer'
import { CartPanel } from './cart-panel'
import { findByCode } from './catalogue'
import { type CounterDialog, CounterHeader } from './counter-header'
import { PackPicker } from './pack-picker'
import { PayDialog } from './pay-dialog'
import { saleCopy } from './pos-store'
import { ProductFinder } from './product-finder'
import { type PaperSize, PrintPage, type ReceiptData, type Shop } from './receipt'
import { RegisterDialog } from './register-dialog'
import { ReturnsDialog } from './returns-dialog'
import { SaleDone } from './sale-done'
import { CloseShiftDialog } from './close-shift-dialog'
import { CashMoveDialog, ShiftReportView } from './shift-views'
import { useCouponPreview } from './use-coupon-preview'
import { useKeptCatalogue } from './use-kept-catalogue'
import { useFreshAtRegister, useRegisterStock } from './use-register-stock'
import { isNetworkError, useOfflineQueue } from './use-offline-queue'
import { listenForScans } from './wedge-scanner'

/** Selling on an open shift: find or scan, the sale, pay, the receipt; cash sales are kept while offline. */
export function Counter({
  shift,
  shop,
  cashier,
  onShift,
  onClosed,
  onRegister,
}: {
  shift: ShiftReport
  shop: Shop
  cashier: string
  onShift: () => void
  onClosed: (r: ShiftReport) => void
  /** the device now works on another register */
  onRegister: (id: number) => void
}) {
  const api = useApi()
  const { online, waiting, problem, add: enqueue } = useOfflineQueue(api, onShift)
  const [kept] = useState(() => saleCopy.get<CartLine>(shift.register_id))
  const [lines, setLines] = useState<CartLine[]>(kept?.lines ?? [])
  const [orderDiscount, setOrderDiscount] = useState(kept?.order_discount ?? '')
  const [phone, setPhone] = useState(kept?.phone ?? '')
  const [coupon, setCoupon] = useState(kept?.coupon ?? '')
  const [buyer, setBuyer] = useState(NO_BUYER)
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({})
  const [clientId, setClientId] = useState(() => kept?.client_id ?? newClientId())
  useEffect(() => {
    saleCopy.set(shift.register_id, { client_id: clientId, lines, order_discount: orderDiscount, phone, coupon })
  }, [shift.register_id, clientId, lines, orderDiscount, phone, coupon])
  const [paying, setPaying] = useState(false)
  const [busy, setBusy] = useState(false)
  const [payError, setPayError] = useState<string | null>(null)
  const [receipt, setReceipt] = useState<ReceiptData | null>(null)
  const [picker, setPicker] = useState<Product | null>(null)
  const [dialog, setDialog] = useState<CounterDialog | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)

  const catalogue = useKeptCatalogue(api)
  const stock = useRegisterStock(api, shift.register_id, shift.sales_count, online)
  const fresh = useFreshAtRegister(api, shift.register_id, shift.sales_count, online)

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
  const keptRef = useRef(catalogue)
  keptRef.current = catalogue
  const blocked = paying || dialog !== null
  /** A scanned or typed barcode or SKU: its pack goes into the sale (true), or the counter says none has it. */
  const addByCode = useCallback(
    async (code: string, quiet = false) => {
      try {
        const hit = await findByCode(api, code, keptRef.current, navigator.onLine)
        const pack = hit?.product.packs.find((k) => k.pack_id === hit.pack_id)
        if (hit && pack) {
          addPack(hit.product, pack)
          return true
        }
        if (!quiet) toast.error(`No pack has the code ${code}`)
      } catch (err) {
        toast.fromError(err)
      }
      return false
    },
    [api, addPack],
  )
  const onCode = useCallback((code: string) => void addByCode(code), [addByCode])
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

  const { couponPreview, couponError, checkingCoupon, due } = useCouponPreview({ lines, totals, coupon, phone, online })
  checkingRef.current = checkingCoupon

  const newSale = () => {
    setLines([])
    setOrderDiscount('')
    setPhone('')
    setCoupon('')
    setBuyer(NO_BUYER)
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
      ...buyerBody(buyer),
      ...(payments.find((p) => p.override_reason) ? { khata_override_reason: payments.find((p) => p.override_reason)?.override_reason } : {}),
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
      setBuyer(NO_BUYER)
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
      // The server is the truth: a refusal may mean the shift changed on another device.
      if (!isNetworkError(err)) onShift()
      const fields = fieldErrors(err)
      setLineErrors(fields)
      setPayError(Object.values(fields)[0] ?? errorText(err))
      // A refused discount, quantity or mobile is fixed in the cart, where its message now shows.
      if (
        Object.keys(fields).some((k) => k.startsWith('lines.') || k === 'discount' || k === 'customer_phone' || k === 'coupon_code' || k.startsWith('buyer_'))
      )
        setPaying(false)
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
      <CounterHeader shopName={shop.name} shift={shift} online={online} waiting={waiting.length} problem={problem} onDialog={setDialog} />

      <div className="grid flex-1 gap-0 lg:grid-cols-[1fr_26rem] print:block">
        <main className="flex min-w-0 flex-col gap-3 p-3 print:hidden">
          <ProductFinder
            searchRef={searchRef}
            kept={catalogue}
            stock={stock}
            online={online}
            onPick={pick}
            onCode={addByCode}
            onCamera={() => setCamera(true)}
          />
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
            <SaleDone receipt={receipt} shop={shop} paper={paper} online={online} onPrint={print} onNewSale={newSale} />
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
              buyer={buyer}
              setBuyer={(b) => {
                setBuyer(b)
                setLineErrors(({ buyer_gstin: _g, buyer_name: _n, ...rest }) => rest)
              }}
              lastAdded={lastAdded}
              fresh={fresh}
              onClear={async () => {
                if (await confirm({ title: 'Clear this sale?', message: 'Every line of the sale is taken off.', confirmText: 'Clear sale', danger: true }))
                  newSale()
              }}
              onPay={() => {
                setPayError(null)
                const problems = buyerProblems(buyer)
                if (Object.keys(problems).length) return setLineErrors(problems)
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
        <PackPicker
          product={picker}
          onPick={(pack) => {
            addPack(picker, pack)
            setPicker(null)
          }}
          onClose={() => setPicker(null)}
        />
      )}
      <PayDialog
        open={paying}
        total={due}
        reference={reference}
        customerPhone={phone.trim()}
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
        onRefused={onShift}
      />
      <CloseShiftDialog
        shift={shift}
        open={dialog === 'close'}
        waiting={waiting.length}
        onClose={() => setDialog(null)}
        onClosed={onClosed}
        onRefused={onShift}
      />
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
      <RegisterDialog
        open={dialog === 'register'}
        current={shift.register_id}
        onClose={() => setDialog(null)}
        onChoose={(id) => {
          setDialog(null)
          onRegister(id)
        }}
      />
      <Modal open={dialog === 'report'} onClose={() => setDialog(null)} title="Shift so far" width={760}>
        <ShiftReportView report={shift} />
      </Modal>
    </div>
  )
}
