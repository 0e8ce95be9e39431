import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { type AdminCoupon, CreateCouponInput, UpdateCouponInput, updateCoupon } from '../../../../common/contracts/admin-coupons'
import { ApiError, errorText } from '../../../lib/error-text'
import { useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { ConflictDialog } from '../../../staff/form/conflict-dialog'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { resetToSaved } from '../../../staff/form/reset-to-saved'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { useVersionedForm } from '../../../staff/form/use-versioned-save'
import { PageHeader } from '../../../staff/ui/page-header'
import { TrashIcon } from '../../../staff/ui/staff-icons'
import { useAdminCoupon, useCreateCoupon, useDeleteCoupon, useSetCouponStatus, useUpdateCoupon } from './api'
import { CouponFields } from './coupon-fields'
import { type CouponBody as Body, type CouponFormValues, type CouponScope, FIELDS, LABELS, REQUIRED, shown, toInput, valuesOf } from './coupon-form-values'
import { CouponStateBadge, couponOffer } from './coupon-list-view'
import { CouponUsage } from './coupon-usage'

const createResolver = contractResolver(CreateCouponInput, { toInput, required: REQUIRED })

/** A coupon's page: /new makes one, otherwise the one of the address, with its usage report; `scope` what it may apply to. */
export function CouponEditor({ id, scope }: { id: number | null; scope: CouponScope }) {
  const found = useAdminCoupon(id)
  if (id === null) return <CouponCreateForm scope={scope} />
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
  return <CouponEditForm key={found.data.id} coupon={found.data} scope={scope} />
}

function CouponCreateForm({ scope }: { scope: CouponScope }) {
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
      <CouponFields form={form} formError={formError} scope={scope} />
    </form>
  )
}

function CouponEditForm({ coupon, scope }: { coupon: AdminCoupon; scope: CouponScope }) {
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
  // a pause or someone else's save seen on refetch is a newer version too
  const versioned = useVersionedForm({ record: coupon, version, form, valuesOf, stale: updateCoupon.stale, saveAgain: () => void form.handleSubmit(save)() })
  const { conflict } = versioned
  useUnsavedChanges(form.formState.isDirty && !remove.isSuccess, 'your changes to this coupon')

  const save = (body: Body) => {
    setFormError(null)
    update.mutate(
      { ...body, version: version.current },
      {
        onSuccess: (saved) => {
          versioned.saved(saved)
          resetToSaved(form.reset, valuesOf(saved))
          toast.success('Saved')
        },
        onError: (err) => {
          if (!versioned.caught(err)) setFormError(showServerErrors(err, form.setError, FIELDS))
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
  const destroy = async () => {
    const message =
      coupon.used > 0
        ? `It was used ${coupon.used} times: it will be archived so those orders keep it, and its code can be used again.`
        : 'This cannot be undone.'
    if (!(await confirm({ title: `Delete ${coupon.code}?`, message, confirmText: 'Delete coupon', danger: true }))) return
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
              <Button variant="outline" size="sm" className="text-danger" onClick={() => void destroy()} loading={remove.isPending}>
                <TrashIcon /> Delete
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </>
          }
        />
        <CouponFields form={form} formError={formError} scope={scope} />
      </form>
      <div className="mt-5 max-w-3xl">
        <CouponUsage id={coupon.id} />
      </div>
      <ConflictDialog
        {...versioned.dialog}
        what="this coupon"
        rows={
          conflict
            ? conflict.changed
                .filter((f) => LABELS[f])
                .map((f) => ({ label: LABELS[f], theirs: shown(valuesOf(conflict.current), f), mine: shown(form.getValues(), f) }))
            : []
        }
        saving={update.isPending}
      />
    </>
  )
}
