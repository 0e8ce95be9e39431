import type { UseFormReturn } from 'react-hook-form'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { Card } from '../../../staff/ui/card'
import { ChipPicker } from './chip-picker'
import type { CouponBody, CouponFormValues, CouponScope } from './coupon-form-values'

const checkRow = 'flex items-start gap-2 text-sm'

/** A coupon's fields: code and discount, limits and dates, what it applies to. */
export function CouponFields({
  form,
  formError,
  scope,
}: {
  form: UseFormReturn<CouponFormValues, unknown, CouponBody>
  formError: string | null
  scope: CouponScope
}) {
  const errors = form.formState.errors
  const kind = form.watch('kind')
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
          <ChipPicker form={form} name="categories" label="Categories" options={scope.categories} error={errors.categories?.message} />
          <ChipPicker form={form} name="brands" label="Brands" options={scope.brands} error={errors.brands?.message} />
        </div>
      </Card>
    </>
  )
}
