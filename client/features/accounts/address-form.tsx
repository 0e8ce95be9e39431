import { useInitMaybe } from '../../lib/init'
import { useState } from 'react'
import type { Address, AddressInput } from '../../../common/contracts/accounts'
import { ADDRESS_LIMITS, ADDRESS_TYPES, addressRules, INDIAN_STATES } from '../../../common/rules/address'
import { digitsOnly } from '../../../common/rules/pincode'
import { placeOfPincode } from '../../../common/rules/pincode-place'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { useForm } from '../../ui/use-form'
import { usePincodeServiceability } from './api'
import { fieldErrors } from '../../lib/field-errors'
import { FormAlert } from '../../ui/form-alert'
import { SelectField } from '../../ui/select-field'

const EMPTY = { name: '', mobile: '', house: '', street: '', area: '', landmark: '', city: '', state: '', pincode: '', type: 'home' }
/** Only the fields the form edits (the server refuses any other key). */
const pick = ({ name, mobile, house, street, area, landmark, city, state, pincode, type }: Address) => ({
  name,
  mobile,
  house,
  street,
  area,
  landmark,
  city,
  state,
  pincode,
  type: type as string,
})

const TYPE_LABELS = { home: 'Home', work: 'Work', other: 'Other' } as const

function Serviceability({ pincode }: { pincode: string }) {
  const check = usePincodeServiceability(pincode)
  const text = check.data?.message ?? (check.isFetching ? 'Checking delivery…' : '')
  return (
    <p aria-live="polite" className={cn('min-h-5 text-sm', check.data ? (check.data.serviceable ? 'text-success' : 'text-danger') : 'text-muted')}>
      {text}
    </p>
  )
}

/** Indian address fields; the pincode says at once whether this store delivers there. */
export function AddressForm({ address, onSubmit, onCancel }: { address?: Address; onSubmit: (input: AddressInput) => Promise<unknown>; onCancel: () => void }) {
  const [alert, setAlert] = useState<string | null>(null)
  const init = useInitMaybe()
  const form = useForm({
    // a new address starts with the account's name and phone and the chosen pincode (issue 18)
    initialValues: address
      ? pick(address)
      : { ...EMPTY, ...placeOfPincode(init?.pincode ?? ''), name: init?.user?.name ?? '', mobile: init?.user?.phone ?? '', pincode: init?.pincode ?? '' },
    rules: { ...addressRules, type: { label: 'Address type', required: true } },
    onSubmit: async (values) => {
      setAlert(null)
      try {
        await onSubmit({ ...values, state: values.state as AddressInput['state'], type: values.type as AddressInput['type'] })
      } catch (err) {
        const fields = fieldErrors(err)
        if (Object.keys(fields).length) form.setErrors(fields)
        else setAlert(errorText(err))
      }
    },
  })
  const text = (name: keyof typeof ADDRESS_LIMITS) => ({ ...form.field(name), maxLength: ADDRESS_LIMITS[name] })
  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...text('name')} autoComplete="name" />
        <TextField
          {...text('mobile')}
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          onChange={(e) => form.setValue('mobile', digitsOnly(e.target.value))}
        />
        <TextField {...text('house')} autoComplete="address-line1" />
        <TextField {...text('street')} autoComplete="address-line2" />
        <TextField {...text('area')} autoComplete="address-level3" />
        <TextField {...text('landmark')} />
        <TextField {...text('city')} autoComplete="address-level2" />
        <SelectField
          label="State"
          required
          name="state"
          value={form.values.state}
          error={form.errors.state}
          options={INDIAN_STATES}
          autoComplete="address-level1"
          onChange={(e) => form.setValue('state', e.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <TextField
            {...text('pincode')}
            autoComplete="postal-code"
            inputMode="numeric"
            onChange={(e) => {
              const pincode = digitsOnly(e.target.value)
              form.setValue('pincode', pincode)
              // city and state follow the pincode while the shopper has not typed them (issue 31)
              const place = placeOfPincode(pincode)
              if (place.city && !form.values.city.trim()) form.setValue('city', place.city)
              if (place.state && !form.values.state) form.setValue('state', place.state)
            }}
          />
          <Serviceability pincode={form.values.pincode} />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Address type</legend>
        <div className="mt-2 flex gap-2">
          {ADDRESS_TYPES.map((t) => (
            <label
              key={t}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
                form.values.type === t ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input type="radio" name="type" value={t} checked={form.values.type === t} onChange={() => form.setValue('type', t)} className="accent-primary" />
              {TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormAlert message={alert} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={form.submitting}>
          {address ? 'Save address' : 'Add address'}
        </Button>
      </div>
    </form>
  )
}
