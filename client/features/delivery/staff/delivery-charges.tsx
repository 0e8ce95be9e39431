import { useState } from 'react'
import type { ChargeRule } from '../../../../common/contracts/admin-delivery'
import { formatINR, toPaise } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { useDeliveryCharges, useSetWarehouseCharges, useSetWebsiteCharges } from './api'

const rupees = (amount: number) => formatINR(toPaise(amount))
export const describeRule = (r: ChargeRule) =>
  r.charge === 0 ? 'Free delivery on every cart' : `${rupees(r.charge)} on carts below ${rupees(r.free_above)}; free from ${rupees(r.free_above)}`

/** The rule as typed (kept as typed when the save is refused). */
function RuleFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string
  value: { charge: string; free_above: string }
  onChange: (v: { charge: string; free_above: string }) => void
  errors: Record<string, string>
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-charge`}
        label="Delivery charge (₹)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={value.charge}
        onChange={(e) => onChange({ ...value, charge: e.target.value })}
        error={errors.charge}
      />
      <TextField
        id={`${idPrefix}-free`}
        label="Free delivery from (₹ cart value)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={value.free_above}
        onChange={(e) => onChange({ ...value, free_above: e.target.value })}
        error={errors.free_above}
      />
    </div>
  )
}

const asText = (r: ChargeRule) => ({ charge: String(r.charge), free_above: String(r.free_above) })
const asNumbers = (v: { charge: string; free_above: string }) => ({
  charge: v.charge.trim() === '' ? Number.NaN : Number(v.charge),
  free_above: v.free_above.trim() === '' ? Number.NaN : Number(v.free_above),
})
const stripPrefix = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]))

export function DeliveryCharges() {
  const charges = useDeliveryCharges()
  if (charges.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading delivery charges" className="size-6 text-primary" />
      </div>
    )
  if (charges.error)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(charges.error)}
      </p>
    )
  const data = charges.data
  return (
    <>
      <WebsiteRule key={JSON.stringify(data.website)} rule={data.website} />
      <Card title="Per warehouse" description="A warehouse follows the website’s rule unless it has its own (e.g. a far-off store that charges more).">
        <ul className="flex flex-col divide-y divide-border">
          {data.warehouses.map((w) => (
            <WarehouseRule key={`${w.warehouse_id}-${JSON.stringify(w.own)}`} warehouse={w} website={data.website} />
          ))}
        </ul>
      </Card>
    </>
  )
}

function WebsiteRule({ rule }: { rule: ChargeRule }) {
  const [value, setValue] = useState(asText(rule))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSetWebsiteCharges()
  const submit = async () => {
    setErrors({})
    try {
      await save.mutateAsync(asNumbers(value))
      toast.success('Delivery charge saved: carts use it from now on')
    } catch (err) {
      const fields = fieldErrors(err)
      if (Object.keys(fields).length) setErrors(fields)
      else toast.fromError(err)
    }
  }
  return (
    <Card title="Delivery charge" description={`By cart value, for the whole website. Now: ${describeRule(rule)}.`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
        className="flex flex-col gap-3"
      >
        <RuleFields idPrefix="website" value={value} onChange={setValue} errors={errors} />
        <div>
          <Button type="submit" loading={save.isPending}>
            Save delivery charge
          </Button>
        </div>
      </form>
    </Card>
  )
}

function WarehouseRule({
  warehouse,
  website,
}: {
  warehouse: { warehouse_id: number; warehouse_name: string; own: ChargeRule | null; applies: ChargeRule }
  website: ChargeRule
}) {
  const [own, setOwn] = useState(warehouse.own !== null)
  const [value, setValue] = useState(asText(warehouse.own ?? website))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSetWarehouseCharges()
  const submit = async (next: ChargeRule | null) => {
    setErrors({})
    try {
      await save.mutateAsync({ warehouseId: warehouse.warehouse_id, own: next })
      toast.success(next ? `${warehouse.warehouse_name} has its own delivery charge` : `${warehouse.warehouse_name} follows the website’s delivery charge`)
    } catch (err) {
      const fields = stripPrefix(fieldErrors(err), 'own.')
      if (Object.keys(fields).length) setErrors(fields)
      else toast.fromError(err)
    }
  }
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">{warehouse.warehouse_name}</p>
          <p className="text-sm text-muted">
            {describeRule(warehouse.applies)}
            {warehouse.own ? ' (its own)' : ' (the website’s)'}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={own}
            onChange={(e) => {
              setOwn(e.target.checked)
              if (!e.target.checked && warehouse.own) void submit(null)
            }}
          />
          Own rule
        </label>
      </div>
      {own && (
        <form
          noValidate
          className="mt-3 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            void submit(asNumbers(value))
          }}
        >
          <RuleFields idPrefix={`warehouse-${warehouse.warehouse_id}`} value={value} onChange={setValue} errors={errors} />
          <div>
            <Button type="submit" size="sm" loading={save.isPending}>
              Save for {warehouse.warehouse_name}
            </Button>
          </div>
        </form>
      )}
    </li>
  )
}
