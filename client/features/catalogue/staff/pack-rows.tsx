import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form'
import { toPaise } from '../../../../common/money'
import { Button } from '../../../ui/button'
import { TextField } from '../../../ui/form-field'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../../../staff/ui/staff-icons'
import { emptyPack, type ProductFormValues, stockKey } from './product-form-values'

const iconButton = 'flex size-9 items-center justify-center rounded-md border border-border bg-surface text-muted hover:text-text disabled:opacity-40'

/** The discount as the storefront shows it: whole percent off the MRP. */
function discountText(price: string, mrp: string): string {
  const [p, m] = [Number(price), Number(mrp)]
  if (!price || !mrp || !Number.isFinite(p) || !Number.isFinite(m) || m <= 0 || p <= 0 || p >= m) return 'No discount'
  return `${Math.round(((toPaise(m) - toPaise(p)) * 100) / toPaise(m))} % off`
}

function Discount<Out>({ control, index }: { control: Control<ProductFormValues, unknown, Out>; index: number }) {
  const [price, mrp] = useWatch({ control, name: [`packs.${index}.price`, `packs.${index}.act_price`] })
  return (
    <p className="text-sm text-muted" aria-live="polite">
      {discountText(price, mrp)}
    </p>
  )
}

interface PackRowsProps<Out> {
  control: Control<ProductFormValues, unknown, Out>
  register: UseFormRegister<ProductFormValues>
  errors: FieldErrors<ProductFormValues>
  /** where a new pack's opening stock can be put (empty: the fields are left out) */
  warehouses: { id: number; name: string }[]
}

/** A new pack's on hand per warehouse, recorded in the stock ledger as Received. */
function OpeningStock({
  register,
  index,
  warehouses,
  error,
}: {
  register: UseFormRegister<ProductFormValues>
  index: number
  warehouses: PackRowsProps<unknown>['warehouses']
  error?: string
}) {
  return (
    <fieldset className="col-span-2 md:col-span-6">
      <legend className="text-sm font-medium">Opening stock</legend>
      <p className="text-xs text-muted">Units on hand now, per warehouse; recorded in the stock history as Received.</p>
      <div className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-3">
        {warehouses.map((w) => (
          <TextField
            key={w.id}
            label={`On hand at ${w.name}`}
            inputMode="numeric"
            placeholder="0"
            {...register(`packs.${index}.opening_stock.${stockKey(w.id)}`)}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** An error somewhere under a pack's opening stock, as one message. */
function firstMessage(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return undefined
  if ('message' in e && typeof e.message === 'string' && e.message) return e.message
  for (const v of Object.values(e)) {
    const m = firstMessage(v)
    if (m) return m
  }
  return undefined
}

/** The packs of a product, in the order the storefront lists them: add, remove, move up and down. */
export function PackRows<Out>({ control, register, errors, warehouses }: PackRowsProps<Out>) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'packs', keyName: 'key' })
  const listError = errors.packs?.message ?? errors.packs?.root?.message
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {fields.map((field, i) => {
          const e = errors.packs?.[i]
          return (
            <li key={field.key}>
              <fieldset className="rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-semibold">Pack {i + 1}</legend>
                <div className="flex flex-col gap-3 md:flex-row md:items-start">
                  <div className="grid flex-1 grid-cols-2 gap-3 md:grid-cols-6">
                    <TextField
                      className="col-span-2"
                      label="Pack name"
                      required
                      placeholder="1 kg"
                      error={e?.pack_name?.message}
                      {...register(`packs.${i}.pack_name`)}
                    />
                    <TextField label="Price (₹)" required inputMode="decimal" error={e?.price?.message} {...register(`packs.${i}.price`)} />
                    <TextField label="MRP (₹)" required inputMode="decimal" error={e?.act_price?.message} {...register(`packs.${i}.act_price`)} />
                    <div className="col-span-2 flex flex-col gap-1.5">
                      <span className="text-sm font-medium">Discount</span>
                      <div className="flex h-10 items-center">
                        <Discount control={control} index={i} />
                      </div>
                    </div>
                    <TextField className="col-span-2" label="SKU" error={e?.sku?.message} {...register(`packs.${i}.sku`)} />
                    <TextField className="col-span-2" label="Barcode" inputMode="numeric" error={e?.barcode?.message} {...register(`packs.${i}.barcode`)} />
                    <TextField
                      className="col-span-2"
                      label="Weight (g)"
                      inputMode="numeric"
                      error={e?.weight_grams?.message}
                      {...register(`packs.${i}.weight_grams`)}
                    />
                    {!(field as { pack_id?: string }).pack_id && warehouses.length > 0 && (
                      <OpeningStock register={register} index={i} warehouses={warehouses} error={firstMessage(e?.opening_stock)} />
                    )}
                  </div>
                  <div className="flex gap-1 md:flex-col md:pt-7">
                    <button type="button" className={iconButton} aria-label={`Move pack ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      <ArrowUpIcon />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move pack ${i + 1} down`}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDownIcon />
                    </button>
                    <button type="button" className={iconButton} aria-label={`Remove pack ${i + 1}`} disabled={fields.length === 1} onClick={() => remove(i)}>
                      <TrashIcon />
                    </button>
                  </div>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-danger">
          {listError}
        </p>
      )}
      <div>
        <Button variant="outline" size="sm" onClick={() => append(emptyPack(), { focusName: `packs.${fields.length}.pack_name` })}>
          <PlusIcon /> Add a pack
        </Button>
      </div>
    </div>
  )
}
