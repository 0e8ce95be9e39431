import { useEffect, useRef, useState } from 'react'
import { type UseFormReturn, useForm } from 'react-hook-form'
import type { output } from 'zod/v4/core'
import { type PaymentMethodsAnswer, PaymentMethodsInput, updatePaymentMethods } from '../../../../common/contracts/admin-payments'
import { errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { ConflictDialog } from '../../../staff/form/conflict-dialog'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { resetToSaved } from '../../../staff/form/reset-to-saved'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { useVersionedForm } from '../../../staff/form/use-versioned-save'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { usePaymentMethods, useSavePaymentMethods, useTestConnection } from './api'

/** What the inputs hold: text as typed; a secret left empty keeps the saved one. */
interface Values {
  cod: { enabled: boolean; max_order_value: string }
  razorpay: { enabled: boolean; key_id: string; key_secret: string; webhook_secret: string }
  cashfree: { enabled: boolean; client_id: string; client_secret: string }
  platform_account: boolean
}

const FIELDS = [
  'cod.enabled',
  'cod.max_order_value',
  'razorpay.enabled',
  'razorpay.key_id',
  'razorpay.key_secret',
  'razorpay.webhook_secret',
  'cashfree.enabled',
  'cashfree.client_id',
  'cashfree.client_secret',
  'platform_account',
]
const onOff = (on: boolean) => (on ? 'On' : 'Off')
const secretMine = (typed: string) => (typed ? 'A new one typed' : 'Unchanged')
/** The audit record's fields (what a 409 names) as the conflict dialog shows them: label, theirs, mine. */
const CONFLICT_ROWS: Record<string, [string, (a: PaymentMethodsAnswer) => string, (v: Values) => string]> = {
  cod_enabled: ['Cash on delivery', (a) => onOff(a.cod.enabled), (v) => onOff(v.cod.enabled)],
  cod_max_order_value: [
    'Maximum order value',
    (a) => (a.cod.max_order_value === null ? 'No limit' : `₹${a.cod.max_order_value}`),
    (v) => (v.cod.max_order_value.trim() ? `₹${v.cod.max_order_value.trim()}` : 'No limit'),
  ],
  razorpay_enabled: ['Razorpay', (a) => onOff(a.razorpay.enabled), (v) => onOff(v.razorpay.enabled)],
  razorpay_key_id: ['Razorpay key id', (a) => a.razorpay.key_id ?? 'The shop’s', (v) => v.razorpay.key_id || 'The shop’s'],
  razorpay_key_secret: ['Razorpay key secret', () => 'Changed', (v) => secretMine(v.razorpay.key_secret)],
  razorpay_webhook_secret: ['Razorpay webhook secret', () => 'Changed', (v) => secretMine(v.razorpay.webhook_secret)],
  cashfree_enabled: ['Cashfree', (a) => onOff(a.cashfree.enabled), (v) => onOff(v.cashfree.enabled)],
  cashfree_client_id: ['Cashfree client id', (a) => a.cashfree.client_id ?? 'The shop’s', (v) => v.cashfree.client_id || 'The shop’s'],
  cashfree_client_secret: ['Cashfree client secret', () => 'Changed', (v) => secretMine(v.cashfree.client_secret)],
  platform_account: ['Platform’s payment account', (a) => onOff(a.platform_account.allowed), (v) => onOff(v.platform_account)],
}

const valuesOf = (a: PaymentMethodsAnswer): Values => ({
  cod: { enabled: a.cod.enabled, max_order_value: a.cod.max_order_value === null ? '' : String(a.cod.max_order_value) },
  razorpay: { enabled: a.razorpay.enabled, key_id: a.razorpay.key_id ?? '', key_secret: '', webhook_secret: '' },
  cashfree: { enabled: a.cashfree.enabled, client_id: a.cashfree.client_id ?? '', client_secret: '' },
  platform_account: a.platform_account.allowed,
})
const toInput = (v: Values, version: number) => ({
  version,
  cod: { enabled: v.cod.enabled, max_order_value: v.cod.max_order_value.trim() === '' ? null : Number(v.cod.max_order_value) },
  razorpay: v.razorpay,
  cashfree: v.cashfree,
  platform_account: v.platform_account,
})
type Body = output<typeof PaymentMethodsInput>

/** Administration → Payments: how this website takes payment. */
export function PaymentMethodsView() {
  const found = usePaymentMethods()
  if (found.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the payment methods" className="size-6 text-primary" />
      </div>
    )
  if (!found.data) return <PageHeader title="Payments" description={`The payment methods could not be loaded: ${errorText(found.error)}`} />
  return <PaymentMethodsForm methods={found.data} />
}

function PaymentMethodsForm({ methods }: { methods: PaymentMethodsAnswer }) {
  const save = useSavePaymentMethods()
  const version = useRef(methods.version)
  const [resolver] = useState(() => contractResolver(PaymentMethodsInput, { toInput: (v: Values) => toInput(v, version.current) }))
  const form = useForm<Values, unknown, Body>({ defaultValues: valuesOf(methods), resolver })
  const [formError, setFormError] = useState<string | null>(null)
  const versioned = useVersionedForm({
    record: methods,
    version,
    form,
    valuesOf,
    stale: updatePaymentMethods.stale,
    saveAgain: () => void form.handleSubmit(submit)(),
  })
  const { conflict } = versioned
  useUnsavedChanges(form.formState.isDirty, 'your changes to the payment methods')

  const submit = (body: Body) => {
    setFormError(null)
    save.mutate(
      { ...body, version: version.current },
      {
        onSuccess: (saved) => {
          versioned.saved(saved)
          resetToSaved(form.reset, valuesOf(saved))
          toast.success('Payment methods saved')
        },
        onError: (err) => {
          if (!versioned.caught(err)) setFormError(showServerErrors(err, form.setError, FIELDS))
        },
      },
    )
  }

  return (
    <>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex max-w-3xl flex-col gap-5">
        <PageHeader
          title="Payments"
          description={
            methods.mode === 'simulator'
              ? 'How shoppers pay on this website. Payments run through the built-in simulator: no money moves.'
              : 'How shoppers pay on this website.'
          }
          actions={
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          }
        />
        <FormAlert message={formError} />
        <CodCard form={form} />
        <RazorpayCard form={form} methods={methods} />
        <CashfreeCard form={form} methods={methods} />
        <PlatformAccountCard form={form} methods={methods} />
      </form>
      <ConflictDialog
        {...versioned.dialog}
        what="the payment methods"
        rows={
          conflict
            ? conflict.changed
                .filter((f) => CONFLICT_ROWS[f])
                .map((f) => {
                  const [label, theirs, mine] = CONFLICT_ROWS[f]
                  return { label, theirs: theirs(conflict.current), mine: mine(form.getValues()) }
                })
            : []
        }
        saving={save.isPending}
      />
    </>
  )
}

type FormProps = { form: UseFormReturn<Values, unknown, Body> }

function Toggle({ form, name, label, hint }: FormProps & { name: 'cod.enabled' | 'razorpay.enabled' | 'cashfree.enabled'; label: string; hint: string }) {
  const error = name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], form.formState.errors) as
    | { message?: string }
    | undefined
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register(name)} />
        <span>
          <span className="font-medium">{label}</span>
          <span className="block text-muted">{hint}</span>
        </span>
      </label>
      {error?.message && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error.message}
        </p>
      )}
    </div>
  )
}

function CodCard({ form }: FormProps) {
  const on = form.watch('cod.enabled')
  return (
    <Card title="Cash on delivery" description="The shopper pays the delivery person in cash or by UPI at the door.">
      <div className="flex flex-col gap-4">
        <Toggle form={form} name="cod.enabled" label="Offer cash on delivery" hint="Shown at checkout; orders are confirmed without paying first." />
        <TextField
          label="Maximum order value (₹)"
          inputMode="decimal"
          placeholder="No limit"
          disabled={!on}
          hint="Above this total, shoppers are asked to pay online."
          error={form.formState.errors.cod?.max_order_value?.message}
          className="sm:max-w-xs"
          {...form.register('cod.max_order_value')}
        />
      </div>
    </Card>
  )
}

const keysNote = (keys: 'own' | 'shop' | 'none', name: string) =>
  keys === 'own'
    ? `Payments go to this website’s own ${name} account.`
    : keys === 'shop'
      ? `No keys saved: payments use the shop’s ${name} account. Enter this website’s keys to take payments in its own account.`
      : `No keys: enter this website’s ${name} keys to offer it. Until a payment account is set up, shoppers pay cash on delivery only.`

function RazorpayCard({ form, methods }: FormProps & { methods: PaymentMethodsAnswer }) {
  const r = methods.razorpay
  const errors = form.formState.errors.razorpay
  return (
    <Card title="Razorpay" description={keysNote(r.keys, 'Razorpay')}>
      <div className="flex flex-col gap-4">
        <Toggle form={form} name="razorpay.enabled" label="Offer Razorpay" hint="UPI, cards, netbanking and wallets in Razorpay’s checkout." />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Key id"
            placeholder="rzp_test_… or rzp_live_…"
            autoComplete="off"
            spellCheck={false}
            hint="Empty: use the shop’s keys"
            error={errors?.key_id?.message}
            {...form.register('razorpay.key_id')}
          />
          <SecretField form={form} name="razorpay.key_secret" label="Key secret" saved={r.key_secret_set} error={errors?.key_secret?.message} />
          <SecretField form={form} name="razorpay.webhook_secret" label="Webhook secret" saved={r.webhook_secret_set} error={errors?.webhook_secret?.message} />
          <WebhookUrl url={r.webhook_url} />
        </div>
        <TestConnection form={form} provider="razorpay" />
      </div>
    </Card>
  )
}

function CashfreeCard({ form, methods }: FormProps & { methods: PaymentMethodsAnswer }) {
  const c = methods.cashfree
  const errors = form.formState.errors.cashfree
  return (
    <Card title="Cashfree" description={keysNote(c.keys, 'Cashfree')}>
      <div className="flex flex-col gap-4">
        <Toggle form={form} name="cashfree.enabled" label="Offer Cashfree" hint="UPI, cards and netbanking on Cashfree’s payment page." />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Client id"
            autoComplete="off"
            spellCheck={false}
            hint="Empty: use the shop’s keys"
            error={errors?.client_id?.message}
            {...form.register('cashfree.client_id')}
          />
          <SecretField form={form} name="cashfree.client_secret" label="Client secret" saved={c.client_secret_set} error={errors?.client_secret?.message} />
          <WebhookUrl url={c.webhook_url} />
        </div>
        <TestConnection form={form} provider="cashfree" />
      </div>
    </Card>
  )
}

/** Issue 29: online payments through the platform's account only when a superadmin allows it (audited with the save). */
function PlatformAccountCard({ form, methods }: FormProps & { methods: PaymentMethodsAnswer }) {
  const { allowed, can_change } = methods.platform_account
  const status = allowed
    ? 'Allowed: without keys of its own, this website takes online payments through the platform’s account.'
    : 'Not allowed: until this website saves its own keys, shoppers pay cash on delivery only.'
  return (
    <Card title="Platform’s payment account" description={status}>
      {can_change ? (
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('platform_account')} />
          <span>
            <span className="font-medium">Let this website use the platform’s account</span>
            <span className="block text-muted">Superadmins only. The change is kept in the audit log.</span>
          </span>
        </label>
      ) : (
        <p className="text-sm text-muted">Only a superadmin can change this.</p>
      )}
    </Card>
  )
}

/** A secret: typed, never shown back. When one is saved the input stays closed until "Replace". */
function SecretField({
  form,
  name,
  label,
  saved,
  error,
}: FormProps & { name: 'razorpay.key_secret' | 'razorpay.webhook_secret' | 'cashfree.client_secret'; label: string; saved: boolean; error?: string }) {
  const [replacing, setReplacing] = useState(false)
  const open = !saved || replacing || Boolean(error)
  const field = form.register(name)
  const input = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    if (replacing) input.current?.focus()
  }, [replacing])
  return (
    <div className="flex items-start gap-2">
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        placeholder={saved ? '•••• saved' : 'Paste the secret'}
        disabled={!open}
        hint={saved ? (replacing ? 'Leave empty to keep the saved one' : 'Saved. It is never shown again.') : undefined}
        error={error}
        className="min-w-0 flex-1"
        {...field}
        ref={(el) => {
          field.ref(el)
          input.current = el
        }}
      />
      {saved && (
        <Button
          variant="outline"
          className="mt-[26px] shrink-0"
          aria-label={replacing ? `Keep the saved ${label.toLowerCase()}` : `Replace the ${label.toLowerCase()}`}
          onClick={() => {
            if (replacing) form.setValue(name, '', { shouldDirty: true })
            setReplacing(!replacing)
          }}
        >
          {replacing ? 'Keep saved' : 'Replace'}
        </Button>
      )}
    </div>
  )
}

function WebhookUrl({ url }: { url: string }) {
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <span className="text-sm font-medium">Webhook URL</span>
      <code className="break-all rounded-md border border-border bg-background px-3 py-2 text-xs">{url}</code>
      <span className="text-xs text-muted">Set this address for this website’s webhooks in the provider’s dashboard, with its own keys.</span>
    </div>
  )
}

function TestConnection({ form, provider }: FormProps & { provider: 'razorpay' | 'cashfree' }) {
  const test = useTestConnection()
  const run = () => {
    const v = form.getValues()
    test.mutate(
      provider === 'razorpay'
        ? { provider, key_id: v.razorpay.key_id.trim(), key_secret: v.razorpay.key_secret.trim() }
        : { provider, client_id: v.cashfree.client_id.trim(), client_secret: v.cashfree.client_secret.trim() },
    )
  }
  const result = test.data
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" onClick={run} loading={test.isPending}>
        Test connection
      </Button>
      <p role="status" aria-live="polite" className="text-sm">
        {test.isError ? (
          <span className="text-danger">{errorText(test.error)}</span>
        ) : result ? (
          <span className={result.ok ? 'text-success' : 'text-danger'}>
            {result.ok ? '✓ ' : '✗ '}
            {result.message}
          </span>
        ) : (
          <span className="text-muted">Signs in with the keys above (or the saved ones) without taking a payment.</span>
        )}
      </p>
    </div>
  )
}
