import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type { Address, AddressList } from '../../../common/contracts/accounts'
import type { Cart } from '../../../common/contracts/cart'
import type { SlotGroup } from '../../../common/contracts/checkout'
import { formatINR, toPaise } from '../../../common/money'
import { cn } from '../../lib/cn'
import { itemCount } from '../../lib/item-count'
import { errorText } from '../../lib/error-text'
import { Link, useNavigate } from '../../lib/router'
import { Button, buttonClasses } from '../../ui/button'
import { radioCard } from '../../ui/radio-card'
import { agentMode, useAgentMode } from '../../lib/agent-mode'
import { FormAlert } from '../../ui/form-alert'
import { refreshCart, useCheckoutCart, useCheckoutSlots, usePlaceOrder, useSavedBuyer } from './api'
import { BusinessBuyer, businessBody, businessProblems, NO_BUSINESS } from './business-buyer'
import { fieldErrors } from '../../lib/field-errors'
import { CheckoutOffers, type CouponBoxSlot } from './checkout-offers'
import { totalChangeNote } from './total-change'
import { cartRupees, newIdempotencyKey, PAYMENT_HINTS } from './format'
import { clock, paymentLabel, slotDay } from '../../lib/order-text'
import { choicesPlaced, type KeptChoices, keepChoices, keptChoices, lastPaymentMethod } from './kept-choices'

/** Cash on delivery collects the total rounded to the rupee (the order and its invoice keep it so). */
const payable = (cart: Cart, cod: boolean) => (cod ? cart.cod_total : cart.total)

function Step({ n, title, children, done, id }: { n: number; title: string; children: ReactNode; done?: boolean; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h2 id={id} className="mb-3 flex items-center gap-3 text-base font-semibold sm:text-lg">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold',
            done ? 'bg-primary text-on-primary' : 'bg-background text-muted',
          )}
        >
          {done ? '✓' : n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  )
}

type Chosen = Record<number, number>

function SlotStep({
  groups,
  cart,
  chosen,
  onChoose,
}: {
  groups: SlotGroup[]
  cart: Cart
  chosen: Chosen
  onChoose: (groupId: number, slotId: number) => void
}) {
  if (groups.length === 0) return <p className="text-sm text-muted">No delivery windows for this address.</p>
  return (
    <div className="space-y-5">
      {groups.map((g, i) => {
        const names = g.items.map((packId) => cart.items.find((it) => it.pack_id === packId)?.name).filter(Boolean)
        const days = [...new Set(g.slots.map((s) => s.date))]
        return (
          <fieldset key={g.delivery_charge_id}>
            <legend className="text-sm font-medium">
              {groups.length > 1 ? `Delivery ${i + 1} of ${groups.length}` : 'Choose a delivery window'}
              {groups.length > 1 && names.length > 0 && <span className="block text-xs font-normal text-muted">{names.join(', ')}</span>}
            </legend>
            {g.slots.length === 0 && <p className="mt-2 text-sm text-danger">No delivery windows are open for these items. Please try again later.</p>}
            {days.map((day) => (
              <div key={day} className="mt-3">
                <p className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{slotDay(day)}</p>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {g.slots
                    .filter((s) => s.date === day)
                    .map((s) => (
                      <label
                        key={s.id}
                        className={cn(radioCard(chosen[g.delivery_charge_id] === s.id, !s.open), 'items-center justify-center py-2.5 text-center')}
                      >
                        <input
                          type="radio"
                          className="sr-only"
                          name={`slot-${g.delivery_charge_id}`}
                          disabled={!s.open}
                          checked={chosen[g.delivery_charge_id] === s.id}
                          onChange={() => onChoose(g.delivery_charge_id, s.id)}
                          aria-label={`${slotDay(s.date)}, ${clock(s.start)} to ${clock(s.end)}${s.open ? '' : ', full'}`}
                        />
                        <span>
                          <span className="block font-medium">
                            {clock(s.start)} – {clock(s.end)}
                          </span>
                          {!s.open && <span className="block text-xs">Full</span>}
                        </span>
                      </label>
                    ))}
                </div>
              </div>
            ))}
          </fieldset>
        )
      })}
    </div>
  )
}

function Summary({ cart, cod }: { cart: Cart; cod: boolean }) {
  return (
    <div>
      <ul className="divide-y divide-border" aria-label="Items">
        {cart.items.map((it) => (
          <li key={it.pack_id} className="py-2 text-sm" data-testid="checkout-line">
            <div className="flex justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate font-medium">{it.name}</span>
                <span className="text-xs text-muted">
                  {it.pack} × {it.quantity}
                </span>
              </span>
              <span className="shrink-0 font-medium">{cartRupees(it.amount)}</span>
            </div>
            {!it.valid && (
              <p role="alert" className="mt-1 text-xs font-medium text-danger">
                {it.message ?? 'This item cannot be ordered right now'}
              </p>
            )}
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-border pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Items</dt>
          <dd>{cartRupees(cart.amount)}</dd>
        </div>
        {cart.discount > 0 && (
          <div className="flex justify-between text-success">
            <dt>Discount{cart.offercode ? ` (${cart.offercode})` : ''}</dt>
            <dd>−{cartRupees(cart.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd>
            {cart.finalDelivery > 0 ? (
              cartRupees(cart.finalDelivery)
            ) : (
              <>{cart.delivery_charge > 0 && <s className="mr-1 text-muted">{cartRupees(cart.delivery_charge)}</s>}FREE</>
            )}
          </dd>
        </div>
        {cod && cart.cod_round_off !== 0 && (
          <div className="flex justify-between text-muted">
            <dt>Round-off</dt>
            <dd data-testid="checkout-round-off">
              {cart.cod_round_off < 0 ? '−' : '+'}
              {cartRupees(Math.abs(cart.cod_round_off))}
            </dd>
          </div>
        )}
        <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{cartRupees(payable(cart, cod))}</dd>
        </div>
      </dl>
      {cart.deliveryMessage && <p className="mt-2 text-xs text-muted">{cart.deliveryMessage}</p>}
    </div>
  )
}

/** What checkout takes from the shopper's address book (accounts', given by the route). */
export interface CheckoutAddresses {
  /** the address list as loaded, each with whether this website delivers there */
  list: { data?: AddressList; isError: boolean; error: unknown; refetch: () => unknown }
  /** the address step: choose one, or add one and have it chosen */
  chooser: (props: { addresses: Address[]; chosen: number | null; onChoose: (id: number) => void }) => ReactNode
}

/**
 * /checkout: address, delivery windows, payment, notes and every charge, then one 'Place order'. The route gives the
 * address book (`addresses`) and the coupon field (`couponBox`, the cart's).
 */
export function CheckoutPage({ addresses: book, couponBox }: { addresses: CheckoutAddresses; couponBox: CouponBoxSlot }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const addresses = book.list
  const [addressId, setAddressId] = useState<number | null>(null)
  const list = addresses.data?.addresses
  // what the shopper chose earlier in this session (a reload keeps it, issue 31), read once
  const kept = useRef<KeptChoices | null>(null)
  if (kept.current === null && typeof window !== 'undefined') kept.current = keptChoices()
  // the kept address, else the default (or first deliverable) one is chosen for the shopper
  useEffect(() => {
    if (!list || (addressId && list.some((a) => a.id === addressId))) return
    const pick =
      list.find((a) => a.id === kept.current?.addressId) ?? list.find((a) => a.is_default && a.serviceable) ?? list.find((a) => a.serviceable) ?? list[0]
    setAddressId(pick?.id ?? null)
  }, [list, addressId])
  const cartQuery = useCheckoutCart(addressId)
  const slotsQuery = useCheckoutSlots(addressId)
  const cart = cartQuery.data
  const groups = slotsQuery.data?.groups
  const [slots, setSlots] = useState<Chosen>({})
  // the first open window of each group is chosen until the shopper picks another
  useEffect(() => {
    if (!groups) return
    setSlots((prev) => {
      const next: Chosen = {}
      for (const g of groups) {
        const wanted = prev[g.delivery_charge_id] ?? kept.current?.slots?.[g.delivery_charge_id]
        const first = g.slots.find((s) => s.id === wanted && s.open) ?? g.slots.find((s) => s.open)
        if (first) next[g.delivery_charge_id] = first.id
      }
      return next
    })
  }, [groups])
  const [method, setMethod] = useState<string | null>(null)
  // the website's cash-on-delivery maximum: above it COD stays listed, greyed out, with the limit named
  const codOver = !!cart && cart.cod_max_order_value !== null && cart.cod_total > cart.cod_max_order_value
  const usable = useMemo(() => cart?.paymentMethods.filter((m) => m !== 'cod' || !codOver) ?? [], [cart, codOver])
  useEffect(() => {
    if (!cart || (method && usable.includes(method))) return
    setMethod([kept.current?.method, lastPaymentMethod()].find((m) => m && usable.includes(m)) ?? usable[0] ?? null)
  }, [cart, method, usable])
  // a total that moves without the shopper touching it is explained (issue 18)
  const [change, setChange] = useState<string | null>(null)
  const seen = useRef<Cart | null>(null)
  useEffect(() => {
    if (!cart) return
    const before = seen.current
    seen.current = cart
    if (before) {
      const note = totalChangeNote(before, cart)
      if (note) setChange(note)
    }
  }, [cart])
  const [notes, setNotes] = useState('')
  /** the shopper's opt-in to order updates (WhatsApp needs it before a shop may message them): never ticked for them */
  const [updates, setUpdates] = useState(false)
  const agent = useAgentMode()
  useEffect(() => {
    if (kept.current?.notes) setNotes(kept.current.notes)
  }, [])
  useEffect(() => {
    keepChoices({
      ...(addressId ? { addressId } : {}),
      ...(Object.keys(slots).length ? { slots } : {}),
      ...(method ? { method } : {}),
      notes,
    })
  }, [addressId, slots, method, notes])
  const [key] = useState(newIdempotencyKey)
  const [refusal, setRefusal] = useState<string | null>(null)
  const place = usePlaceOrder()
  const [business, setBusiness] = useState(NO_BUSINESS)
  const savedBuyer = useSavedBuyer()
  const businessErrors = place.error ? fieldErrors(place.error) : {}

  const problems = useMemo(() => {
    const out: string[] = []
    if (!addressId) out.push('Add a delivery address')
    if (!cart) return out
    // an address outside delivery is the problem, not its items (issue 31)
    const address = list?.find((a) => a.id === addressId)
    if (address && !address.serviceable) out.push(`${address.delivery_message} Choose another delivery address or add one.`)
    else if (addressId && !cart.serviceable && !cart.items.some((i) => !i.valid)) out.push('We do not deliver to this address')
    if (cart.offercode && cart.coupon_message) out.push(`Remove ${cart.offercode}: it does not apply`)
    if (cart.items.some((i) => !i.valid) && address?.serviceable !== false) out.push('Remove or change the items marked in the summary')
    if (groups?.some((g) => !slots[g.delivery_charge_id])) out.push('Choose a delivery window')
    if (!method) out.push('Choose a payment method')
    if (Object.keys(businessProblems(business)).length) out.push('Check the business’s GSTIN and legal name')
    return out
  }, [addressId, cart, groups, slots, method, list, business])

  if (addresses.isError || cartQuery.isError) {
    const err = addresses.error ?? cartQuery.error
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
        <p className="text-danger">{errorText(err)}</p>
        <Button className="mt-4" onClick={() => (addresses.refetch(), cartQuery.refetch())}>
          Try again
        </Button>
      </div>
    )
  }
  if (!list || !cart) return <p className="px-4 py-16 text-center text-sm text-muted">Loading checkout…</p>
  if (cart.items.length === 0 && !place.isSuccess) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <h1 className="text-xl font-semibold">Your cart is empty</h1>
        <p className="mt-1 text-sm text-muted">Add something to your cart to check out.</p>
        <Link to="/products" className={buttonClasses({ className: 'mt-5' })}>
          Browse products
        </Link>
      </div>
    )
  }

  const ready = problems.length === 0 && !cartQuery.isFetching && !slotsQuery.isFetching
  async function submit() {
    if (!ready || !cart || !addressId || !method || !groups) return
    setRefusal(null)
    try {
      const placed = await place.mutateAsync({
        address_id: addressId,
        slots: groups.map((g) => ({ delivery_charge_id: g.delivery_charge_id, slot_id: slots[g.delivery_charge_id]! })),
        payment_method: method as 'cod',
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        expected_total: toPaise(payable(cart, method === 'cod')),
        idempotency_key: key,
        ...businessBody(business),
        ...(updates && !agentMode() ? { message_updates: true } : {}),
      })
      choicesPlaced(placed.payment_method)
      // agent mode: back to the agent's dashboard, which sends the payment link of an online order
      const next = agentMode() ? `/account/dashboard?placed=${placed.order_id}&method=${placed.payment_method}` : placed.next
      navigate(next.startsWith('/') ? next : `/order/success/${placed.order_number}`, { replace: true })
      void refreshCart(qc)
    } catch (err) {
      setRefusal(errorText(err))
      void refreshCart(qc)
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-3 pt-4 pb-4 sm:px-4 sm:pt-8">
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h1 className="text-xl font-semibold sm:text-2xl">Checkout</h1>
        <span className="text-sm text-muted">{itemCount(cart.quantity)}</span>
      </div>
      <div className="lg:grid lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-6">
        <div className="space-y-3 sm:space-y-4">
          <Step n={1} id="step-address" title="Delivery address" done={!!addressId && cart.serviceable}>
            {book.chooser({ addresses: list, chosen: addressId, onChoose: (id) => (setAddressId(id), setRefusal(null)) })}
          </Step>
          <Step n={2} id="step-slot" title="Delivery window" done={!!groups && groups.length > 0 && groups.every((g) => slots[g.delivery_charge_id])}>
            {!addressId ? (
              <p className="text-sm text-muted">Choose an address to see delivery windows.</p>
            ) : slotsQuery.isError ? (
              <p role="alert" className="text-sm text-danger">
                {errorText(slotsQuery.error)}
              </p>
            ) : !groups ? (
              <p className="text-sm text-muted">Loading delivery windows…</p>
            ) : (
              <SlotStep groups={groups} cart={cart} chosen={slots} onChoose={(g, s) => setSlots((prev) => ({ ...prev, [g]: s }))} />
            )}
          </Step>
          <Step n={3} id="step-payment" title="Payment" done={!!method}>
            <fieldset className="grid gap-2">
              <legend className="sr-only">Payment method</legend>
              {cart.paymentMethods.map((m) => {
                const off = m === 'cod' && codOver
                return (
                  <label key={m} className={cn(radioCard(method === m), off && 'cursor-not-allowed opacity-60')}>
                    <input type="radio" name="payment" className="mt-1 accent-primary" checked={method === m} disabled={off} onChange={() => setMethod(m)} />
                    <span>
                      <span className="block font-semibold">{paymentLabel(m)}</span>
                      {off ? (
                        <span className="block text-muted">
                          Available for orders up to {formatINR(toPaise(cart.cod_max_order_value ?? 0))}: please pay online
                        </span>
                      ) : (
                        PAYMENT_HINTS[m] && <span className="block text-muted">{PAYMENT_HINTS[m]}</span>
                      )}
                    </span>
                  </label>
                )
              })}
              {cart.paymentMethods.length === 0 && <p className="text-sm text-danger">This shop does not take orders online right now.</p>}
            </fieldset>
          </Step>
          <Step n={4} id="step-offers" title="Coupons and offers" done={cart.discount > 0}>
            <CheckoutOffers cart={cart} couponBox={couponBox} />
          </Step>
          <Step n={5} id="step-notes" title="Notes (optional)" done={notes.trim() !== ''}>
            <label htmlFor="order-notes" className="sr-only">
              Order notes
            </label>
            <textarea
              id="order-notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={500}
              rows={2}
              placeholder="Anything the delivery person should know?"
              className="w-full rounded-md border border-border bg-surface px-3 py-2 text-base outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 sm:text-sm"
            />
            <p className="text-right text-xs text-muted">{notes.length}/500</p>
          </Step>
          <Step n={6} id="step-business" title="GST invoice (optional)" done={business.on && Object.keys(businessProblems(business)).length === 0}>
            <BusinessBuyer
              value={business}
              onChange={(v) => (setBusiness(v), place.reset())}
              saved={savedBuyer.data}
              errors={{ buyer_gstin: businessErrors.buyer_gstin, buyer_name: businessErrors.buyer_name }}
            />
          </Step>
        </div>
        <aside aria-labelledby="summary-title" className="mt-3 rounded-xl border border-border bg-surface p-4 sm:mt-4 sm:p-5 lg:sticky lg:top-20 lg:mt-0">
          <h2 id="summary-title" className="text-base font-semibold sm:text-lg">
            Order summary
          </h2>
          <Summary cart={cart} cod={method === 'cod'} />
          <div className="sticky bottom-0 -mx-4 mt-4 border-t border-border bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:-mx-5 sm:px-5 lg:static lg:mx-0 lg:border-0 lg:px-0 lg:pb-0">
            {change && (
              <p role="status" data-testid="total-change" className="mb-2 rounded-md bg-accent/10 px-3 py-2 text-xs">
                {change}
              </p>
            )}
            <FormAlert message={refusal} />
            {problems.length > 0 && (
              <ul id="checkout-problems" className="mb-2 space-y-0.5 text-xs text-danger">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            {!agent && (
              <label className="mb-1 flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 accent-primary" checked={updates} onChange={(e) => setUpdates(e.target.checked)} />
                <span>Send me order updates on WhatsApp/SMS</span>
              </label>
            )}
            <Button
              size="lg"
              className="mt-2 w-full"
              onClick={submit}
              disabled={!ready}
              loading={place.isPending}
              aria-describedby={problems.length ? 'checkout-problems' : undefined}
            >
              Place order · {cartRupees(payable(cart, method === 'cod'))}
            </Button>
          </div>
        </aside>
      </div>
    </div>
  )
}
