import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { type PriceChangeLine, PriceChangeInput } from '../../../../common/contracts/admin-catalogue'
import { formatINR, toPaise } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { useApplyPriceChange, usePreviewPriceChange } from './api'

interface Values {
  kind: 'percent' | 'amount'
  value: string
  field: 'price' | 'act_price' | 'both'
}

const rupees = (v: number) => formatINR(toPaise(v))

function Change({ from, to }: { from: number; to: number }) {
  if (from === to) return <span className="text-muted">{rupees(from)}</span>
  return (
    <span className="whitespace-nowrap">
      <span className="text-muted line-through">{rupees(from)}</span> → <strong>{rupees(to)}</strong>
    </span>
  )
}

/** Bulk: change prices by a percentage or an amount, see every pack's old → new first, then apply in one go. */
export function PriceChangeDialog({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const [open, setOpen] = useState(true)
  const preview = usePreviewPriceChange()
  const apply = useApplyPriceChange()
  const form = useForm<Values, unknown, PriceChangeInput>({
    defaultValues: { kind: 'percent', value: '', field: 'price' },
    resolver: contractResolver(PriceChangeInput, {
      toInput: (v) => ({ ids, kind: v.kind, field: v.field, value: (v.value.trim() === '' ? undefined : Number(v.value)) as number }),
      required: { value: 'Change' },
    }),
  })
  const { errors } = form.formState
  const kind = useWatch({ control: form.control, name: 'kind' })
  // The preview shown belongs to the values it was made for: any change asks for a new one.
  const [previewed, setPreviewed] = useState<{ body: PriceChangeInput; lines: PriceChangeLine[] } | null>(null)
  const watched = JSON.stringify(useWatch({ control: form.control }))
  const [previewedFor, setPreviewedFor] = useState('')
  const current = previewed && previewedFor === watched ? previewed : null
  const problems = current?.lines.filter((l) => l.error).length ?? 0

  const onPreview = (body: PriceChangeInput) =>
    preview.mutate(body, {
      onSuccess: ({ lines }) => {
        setPreviewed({ body, lines })
        setPreviewedFor(watched)
      },
    })
  const onApply = () => {
    if (!current) return
    apply.mutate(current.body, {
      onSuccess: ({ updated }) => {
        toast.success(`Prices changed on ${updated === 1 ? '1 pack' : `${updated} packs`}`)
        onDone()
        setOpen(false)
      },
    })
  }
  const failure = preview.error ?? apply.error
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={760}
      title="Change prices"
      description={`For the packs of ${ids.length === 1 ? '1 product' : `${ids.length} products`}`}
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          {current ? (
            <Button onClick={onApply} loading={apply.isPending} disabled={problems > 0}>
              Apply to {current.lines.length === 1 ? '1 pack' : `${current.lines.length} packs`}
            </Button>
          ) : (
            <Button type="submit" form="price-change" loading={preview.isPending}>
              Preview
            </Button>
          )}
        </>
      }
    >
      <form id="price-change" noValidate onSubmit={form.handleSubmit(onPreview)} className="flex flex-col gap-4">
        <FormAlert message={failure ? errorText(failure) : null} />
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Change by"
            placeholder={null}
            options={[
              { value: 'percent', label: 'A percentage' },
              { value: 'amount', label: 'An amount (₹)' },
            ]}
            {...form.register('kind')}
          />
          <TextField
            label={kind === 'percent' ? 'Change (%)' : 'Change (₹)'}
            required
            inputMode="decimal"
            placeholder={kind === 'percent' ? '-10 for 10 % less' : '-5 for ₹5 less'}
            error={errors.value?.message}
            {...form.register('value')}
          />
          <SelectField
            label="Apply to"
            placeholder={null}
            options={[
              { value: 'price', label: 'Selling price' },
              { value: 'act_price', label: 'MRP' },
              { value: 'both', label: 'Both' },
            ]}
            {...form.register('field')}
          />
        </div>
      </form>
      {current && (
        <div className="mt-4">
          {problems > 0 && (
            <p role="alert" className="mb-2 text-sm text-danger">
              {problems === 1 ? '1 pack' : `${problems} packs`} cannot take this change. Change the value, or leave those products out.
            </p>
          )}
          <div className="max-h-72 overflow-auto rounded-md border border-border">
            <table className="w-full text-sm">
              <caption className="sr-only">Preview: old and new prices</caption>
              <thead className="sticky top-0 bg-background text-left text-xs font-semibold text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Product
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Pack
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Price
                  </th>
                  <th scope="col" className="px-3 py-2">
                    MRP
                  </th>
                </tr>
              </thead>
              <tbody>
                {current.lines.map((l) => (
                  <tr key={l.pack_id} className={cn('border-t border-border align-top', l.error && 'bg-danger/5')}>
                    <td className="px-3 py-2">
                      {l.product_name}
                      {l.error && <p className="text-xs text-danger">{l.error}</p>}
                    </td>
                    <td className="px-3 py-2">{l.pack_name}</td>
                    <td className="px-3 py-2">
                      <Change from={l.old_price} to={l.new_price} />
                    </td>
                    <td className="px-3 py-2">
                      <Change from={l.old_act_price} to={l.new_act_price} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Modal>
  )
}
