import { useEffect, useRef, useState } from 'react'
import { type UseFormReturn, useController, useForm } from 'react-hook-form'
import type { output } from 'zod/v4/core'
import { safeParse } from 'zod/v4/core'
import { type AdminCoupon, CreateCouponInput, UpdateCouponInput, updateCoupon } from '../../../../common/contracts/admin-coupons'
import { formatDate } from '../../../../common/dates'
import { formatINR, toPaise } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Pagination } from '../../../ui/pagination'
import { SelectField } from '../../../ui/select-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { ConflictDialog } from '../../../staff/form/conflict-dialog'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { resetToSaved } from '../../../staff/form/reset-to-saved'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { CloseIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { useAdminBrands, useAdminCategories } from '../../catalogue/staff/api'
import { categoryOptions } from '../../catalogue/staff/category-options'
import { useAdminCoupon, useCouponUsage, useCreateCoupon, useDeleteCoupon, useSetCouponStatus, useUpdateCoupon } from './api'
import { CouponStateBadge, couponOffer } from './coupon-list-view'

/** What the inputs hold: text as typed ('' = none), turned into the call's body by `toInput`. */
interface CouponFormValues {
  code: string
  description: string
  kind: 'percent' | 'flat'
  value: string
  min_cart: string
  max_discount: string
  usage_limit: string
  per_customer_limit: string
  starts_on: string
  ends_on: string
  first_order_only: boolean
  visible: boolean
  categories: string[]
  brands: string[]
}

const FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'min_cart',
  'max_discount',
  'usage_limit',
  'per_customer_limit',
  'starts_on',
  'ends_on',
  'first_order_only',
  'visible',
  'categories',
  'brands',
]
const REQUIRED = { code: 'Code', value: 'Value' }
const LABELS: Record<string, string> = {
  code: 'Code',
  description: 'Description',
  kind: 'Type',
  value: 'Value',
  min_cart: 'Minimum cart',
  max_discount: 'Maximum discount',
  usage_limit: 'Total uses',
  per_customer_limit: 'Uses per shopper',
  starts_on: 'Start date',
  ends_on: 'End date',
  first_order_only: 'First order only',
  visible: 'Visible',
  categories: 'Categories',
  brands: 'Brands',
}

const num = (s: string) => (s.trim() === '' ? null : Number(s))
const toInput = (v: CouponFormValues) => ({
  code: v.code,
  description: v.description,
  kind: v.kind,
  value: num(v.value) ?? Number.NaN,
  min_cart: num(v.min_cart) ?? 0,
  // a flat coupon gives its value: the (disabled) cap is not sent
  max_discount: v.kind === 'flat' ? null : num(v.max_discount),
  usage_limit: num(v.usage_limit),
  per_customer_limit: num(v.per_customer_limit),
  starts_on: v.starts_on || null,
  ends_on: v.ends_on || null,
  first_order_only: v.first_order_only,
  visible: v.visible,
  categories: v.categories,
  brands: v.brands,
})
const text = (n: number | null) => (n === null ? '' : String(n))
const valuesOf = (c: AdminCoupon | null): CouponFormValues => ({
  code: c?.code ?? '',
  description: c?.description ?? '',
  kind: c?.kind ?? 'percent',
  value: c ? String(c.value) : '',
  min_cart: c && c.min_cart > 0 ? String(c.min_cart) : '',
  max_discount: text(c?.max_discount ?? null),
  usage_limit: text(c?.usage_limit ?? null),
  per_customer_limit: text(c?.per_customer_limit ?? null),
  starts_on: c?.starts_on ?? '',
  ends_on: c?.ends_on ?? '',
  first_order_only: c?.first_order_only ?? false,
  visible: c?.visible ?? true,
  categories: c?.categories ?? [],
  brands: c?.brands ?? [],
})
/** how a field reads in the 409 dialog */
const shown = (v: CouponFormValues, field: string): string => {
  const value = v[field as keyof CouponFormValues]
  if (Array.isArray(value)) return value.join(', ') || 'All'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return value === '' ? '—' : String(value)
}

type Body = output<typeof CreateCouponInput>
const createResolver = contractResolver(CreateCouponInput, { toInput, required: REQUIRED })

/** A coupon's page: /new makes one, otherwise the one of the address, with its usage report. */
export function CouponEditor({ id }: { id: number | null }) {
  const found = useAdminCoupon(id)
  if (id === null) return <CouponCreateForm />
  if (found.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the coupon" className="size-6 text-primary" />
      </div>
    )
  if (!found.data) {
    const missing = found.error instanceof ApiError && found.error.status === 404
    return (
      <PageHeader
        title={missing ? 'Coupon not found' : 'The coupon could not be loaded'}
        back={{ to: staffPath('/bos/admin/coupons'), label: 'Coupons' }}
        description={missing ? 'It may have been deleted, or belong to another website.' : errorText(found.error)}
      />
    )
  }
  return <CouponEditForm key={found.data.id} coupon={found.data} />
}

function CouponCreateForm() {
  const navigate = useNavigate()
  const create = useCreateCoupon()
  const form = useForm<CouponFormValues, unknown, Body>({ defaultValues: valuesOf(null), resolver: createResolver })
  const [formError, setFormError] = useState<string | null>(null)
  useUnsavedChanges(form.formState.isDirty && !create.isSuccess, 'the new coupon')
  const save = (body: Body) => {
    setFormError(null)
    create.mutate(body, {
      onSuccess: (made) => {
        toast.success(`${made.code} added`)
        navigate(staffPath('/bos/admin/coupons/:id', { id: made.id }), { replace: true, force: true })
      },
      onError: (err) => setFormError(err instanceof ApiError && err.status === 422 ? showServerErrors(err, form.setError, FIELDS) : errorText(err)),
    })
  }
  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="flex max-w-3xl flex-col gap-5">
      <PageHeader
        title="New coupon"
        back={{ to: staffPath('/bos/admin/coupons'), label: 'Coupons' }}
        description="A code shoppers enter in their cart for a discount."
        actions={
          <Button type="submit" loading={create.isPending}>
            Add coupon
          </Button>
        }
      />
      <CouponFields form={form} formError={formError} />
    </form>
  )
}

function CouponEditForm({ coupon }: { coupon: AdminCoupon }) {
  const navigate = useNavigate()
  const update = useUpdateCoupon(coupon.id)
  const setStatus = useSetCouponStatus()
  const remove = useDeleteCoupon()
  // The version this form's values were read at: a save made on top of someone else's gets 409.
  const version = useRef(coupon.version)
  const [resolver] = useState(() =>
    contractResolver(UpdateCouponInput, { toInput: (v: CouponFormValues) => ({ ...toInput(v), version: version.current }), required: REQUIRED }),
  )
  const form = useForm<CouponFormValues, unknown, Body>({ defaultValues: valuesOf(coupon), resolver: resolver as unknown as typeof createResolver })
  const [formError, setFormError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<{ current: AdminCoupon; changed: string[] } | null>(null)
  useUnsavedChanges(form.formState.isDirty && !remove.isSuccess, 'your changes to this coupon')

  // A newer version arrived (a pause, someone else's save seen on refetch): shown at once unless there are edits.
  useEffect(() => {
    if (coupon.version <= version.current || form.formState.isDirty) return
    version.current = coupon.version
    form.reset(valuesOf(coupon))
  }, [coupon, form])

  const save = (body: Body) => {
    setFormError(null)
    update.mutate(
      { ...body, version: version.current },
      {
        onSuccess: (saved) => {
          version.current = saved.version
          resetToSaved(form.reset, valuesOf(saved))
          toast.success('Saved')
        },
        onError: (err) => {
          const stale = err instanceof ApiError && err.status === 409 ? safeParse(updateCoupon.stale, err.body) : null
          if (stale?.success) setConflict({ current: stale.data.current, changed: stale.data.changed })
          else setFormError(showServerErrors(err, form.setError, FIELDS))
        },
      },
    )
  }
  const paused = coupon.status === 'paused'
  const toggle = () =>
    setStatus.mutate(
      { ids: [coupon.id], status: paused ? 'active' : 'paused' },
      {
        onSuccess: () => toast.success(paused ? `${coupon.code} resumed` : `${coupon.code} paused: carts holding it show why and checkout refuses it`),
        onError: (err) => toast.fromError(err),
      },
    )
  const destroy = () => {
    const message =
      coupon.used > 0
        ? `Delete ${coupon.code}? It was used ${coupon.used} times: it will be archived so those orders keep it, and its code can be used again.`
        : `Delete ${coupon.code}? This cannot be undone.`
    if (!window.confirm(message)) return
    remove.mutate(coupon.id, {
      onSuccess: (r) => {
        toast.success(r.outcome === 'archived' ? `${coupon.code} archived` : `${coupon.code} deleted`)
        navigate(staffPath('/bos/admin/coupons'), { replace: true, force: true })
      },
      onError: (err) => toast.fromError(err),
    })
  }

  return (
    <>
      <form onSubmit={form.handleSubmit(save)} noValidate className="flex max-w-3xl flex-col gap-5">
        <PageHeader
          title={
            <span className="flex flex-wrap items-center gap-3">
              <span className="font-mono">{coupon.code}</span>
              <CouponStateBadge state={coupon.state} />
            </span>
          }
          back={{ to: staffPath('/bos/admin/coupons'), label: 'Coupons' }}
          description={couponOffer(coupon)}
          actions={
            <>
              <Button variant="outline" size="sm" onClick={toggle} loading={setStatus.isPending}>
                {paused ? 'Resume' : 'Pause'}
              </Button>
              <Button variant="outline" size="sm" className="text-danger" onClick={destroy} loading={remove.isPending}>
                <TrashIcon /> Delete
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </>
          }
        />
        <CouponFields form={form} formError={formError} />
      </form>
      <div className="mt-5 max-w-3xl">
        <UsageReport id={coupon.id} />
      </div>
      <ConflictDialog
        open={conflict !== null}
        what="this coupon"
        rows={
          conflict
            ? conflict.changed
                .filter((f) => LABELS[f])
                .map((f) => ({ label: LABELS[f], theirs: shown(valuesOf(conflict.current), f), mine: shown(form.getValues(), f) }))
            : []
        }
        saving={update.isPending}
        onClose={() => setConflict(null)}
        onReloadTheirs={() => {
          if (!conflict) return
          version.current = conflict.current.version
          form.reset(valuesOf(conflict.current))
          setConflict(null)
        }}
        onKeepMine={() => {
          if (!conflict) return
          version.current = conflict.current.version
          setConflict(null)
          void form.handleSubmit(save)()
        }}
      />
    </>
  )
}

const checkRow = 'flex items-start gap-2 text-sm'

function CouponFields({ form, formError }: { form: UseFormReturn<CouponFormValues, unknown, Body>; formError: string | null }) {
  const errors = form.formState.errors
  const kind = form.watch('kind')
  const categories = categoryOptions(useAdminCategories().data?.data ?? [])
  const brands = (useAdminBrands().data?.data ?? []).map((b) => ({ value: b.slug, label: b.name }))
  return (
    <>
      <FormAlert message={formError} />
      <Card title="Code and discount">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Code"
            required
            placeholder="DIWALI20"
            autoCapitalize="characters"
            hint="Letters, digits, - and _; shoppers may type it in any case"
            error={errors.code?.message}
            {...form.register('code')}
          />
          <TextField label="Description" placeholder="Diwali week: 20% off snacks" error={errors.description?.message} {...form.register('description')} />
          <SelectField
            label="Type"
            required
            placeholder={null}
            options={[
              { value: 'percent', label: 'Percent off' },
              { value: 'flat', label: 'Flat amount off (₹)' },
            ]}
            error={errors.kind?.message}
            {...form.register('kind')}
          />
          <TextField
            label={kind === 'percent' ? 'Value (%)' : 'Value (₹)'}
            required
            inputMode="decimal"
            placeholder={kind === 'percent' ? '10' : '50'}
            error={errors.value?.message}
            {...form.register('value')}
          />
          <TextField label="Minimum cart (₹)" inputMode="decimal" placeholder="No minimum" error={errors.min_cart?.message} {...form.register('min_cart')} />
          <TextField
            label="Maximum discount (₹)"
            inputMode="decimal"
            placeholder={kind === 'flat' ? 'Not used for flat coupons' : 'No maximum'}
            disabled={kind === 'flat'}
            error={errors.max_discount?.message}
            {...form.register('max_discount')}
          />
        </div>
      </Card>
      <Card title="Limits and dates" description="Dates are India time, both days included. Leave empty for no limit.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Total uses" inputMode="numeric" placeholder="Unlimited" error={errors.usage_limit?.message} {...form.register('usage_limit')} />
          <TextField
            label="Uses per shopper"
            inputMode="numeric"
            placeholder="Unlimited"
            error={errors.per_customer_limit?.message}
            {...form.register('per_customer_limit')}
          />
          <TextField label="Start date" type="date" error={errors.starts_on?.message} {...form.register('starts_on')} />
          <TextField label="End date" type="date" error={errors.ends_on?.message} {...form.register('ends_on')} />
        </div>
        <div className="mt-4 flex flex-col gap-3">
          <label className={checkRow}>
            <input type="checkbox" className="mt-1" {...form.register('first_order_only')} />
            <span>
              <span className="font-medium">First order only</span>
              <span className="block text-muted">Only shoppers who have not ordered on this website yet (cancelled orders do not count).</span>
            </span>
          </label>
          <label className={checkRow}>
            <input type="checkbox" className="mt-1" {...form.register('visible')} />
            <span>
              <span className="font-medium">Visible</span>
              <span className="block text-muted">May be shown to shoppers as an offer. A hidden coupon works only for shoppers who know its code.</span>
            </span>
          </label>
        </div>
      </Card>
      <Card
        title="Applies to"
        description="Empty: every item. With categories or brands, only matching items are discounted (a category includes its subcategories)."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <ChipPicker form={form} name="categories" label="Categories" options={categories} error={errors.categories?.message} />
          <ChipPicker form={form} name="brands" label="Brands" options={brands} error={errors.brands?.message} />
        </div>
      </Card>
    </>
  )
}

/** A list of chosen slugs as chips, with a select to add one more. */
function ChipPicker({
  form,
  name,
  label,
  options,
  error,
}: {
  form: UseFormReturn<CouponFormValues, unknown, Body>
  name: 'categories' | 'brands'
  label: string
  options: { value: string; label: string }[]
  error?: string
}) {
  const { field } = useController({ control: form.control, name })
  const chosen = field.value
  const labelOf = (slug: string) => options.find((o) => o.value === slug)?.label.replace(/^(— )+/, '') ?? slug
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label={label}
        placeholder={chosen.length ? `Add another ${label.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '')}…` : `All ${label.toLowerCase()}`}
        options={options.filter((o) => !chosen.includes(o.value))}
        value=""
        error={error}
        onChange={(e) => e.target.value && field.onChange([...chosen, e.target.value])}
      />
      {chosen.length > 0 && (
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="flex flex-wrap gap-1.5">
          {chosen.map((slug) => (
            <li key={slug} className="flex items-center gap-1 rounded-full border border-border bg-background py-0.5 pl-2.5 pr-1 text-sm">
              {labelOf(slug)}
              <button
                type="button"
                className="flex size-5 items-center justify-center rounded-full text-muted hover:bg-border hover:text-text"
                aria-label={`Remove ${labelOf(slug)}`}
                onClick={() => field.onChange(chosen.filter((s) => s !== slug))}
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function UsageReport({ id }: { id: number }) {
  const [page, setPage] = useState(1)
  const usage = useCouponUsage(id, page)
  const u = usage.data
  return (
    <Card title="Usage" description="Orders placed with this coupon; a cancelled or unpaid order gives its use back.">
      {usage.isPending && <Spinner label="Loading usage" className="size-5 text-primary" />}
      {usage.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(usage.error)}
        </p>
      )}
      {u && (
        <>
          <dl className="mb-4 grid grid-cols-3 gap-3">
            {[
              ['Uses', String(u.uses)],
              ['Discount given', formatINR(toPaise(u.discount_given))],
              ['Order value', formatINR(toPaise(u.order_value))],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md border border-border bg-background p-3">
                <dt className="text-xs uppercase text-muted">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {u.data.length === 0 ? (
            <p className="text-sm text-muted">No orders have used this coupon yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Orders with this coupon</caption>
                <thead className="text-left text-xs uppercase text-muted">
                  <tr>
                    <th className="py-2 pr-3 font-semibold">Order</th>
                    <th className="py-2 pr-3 font-semibold">Placed</th>
                    <th className="py-2 pr-3 font-semibold">Customer</th>
                    <th className="py-2 pr-3 font-semibold">Status</th>
                    <th className="py-2 pr-3 text-right font-semibold">Discount</th>
                    <th className="py-2 text-right font-semibold">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {u.data.map((o) => (
                    <tr key={o.order_id} className="border-t border-border">
                      <td className="py-2 pr-3 font-medium">{o.order_number}</td>
                      <td className="whitespace-nowrap py-2 pr-3">{formatDate(o.placed_at, true)}</td>
                      <td className="py-2 pr-3">{o.customer}</td>
                      <td className="py-2 pr-3 capitalize">{o.status.replace(/_/g, ' ')}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatINR(toPaise(o.discount))}</td>
                      <td className="py-2 text-right tabular-nums">{formatINR(toPaise(o.total))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {u.meta.total > u.meta.perPage && <Pagination className="mt-3" page={page} total={u.meta.total} perPage={u.meta.perPage} onChange={setPage} />}
            </div>
          )}
        </>
      )}
    </Card>
  )
}
