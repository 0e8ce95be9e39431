import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { can } from '../../../../common/rules/staff-roles'
import { TALLY_LEDGER_KEYS, type TallyLedgersAnswer, TallyLedgersInput } from '../../../../common/contracts/gst-returns'
import { errorText } from '../../../lib/error-text'
import { useInitMaybe } from '../../../lib/init'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { useSaveTallyLedgers, useTallyLedgers } from './gst-returns-api'

type Key = (typeof TALLY_LEDGER_KEYS)[number]
type Values = Record<Key, string>

/** Each ledger the export books to, as the shop's Tally company names it (docs/decisions/0051). */
const LABELS: Record<Key, string> = {
  sales: 'Sales',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  cess: 'Output cess',
  roundOff: 'Round off',
  onlineCustomers: 'Online customers (web and agents’ B2C sales)',
  counterCustomers: 'Counter customers (walk-in sales)',
  cash: 'Cash',
  bank: 'Bank (UPI, cards, online payments)',
  purchases: 'Purchases',
  inputCgst: 'Input CGST',
  inputSgst: 'Input SGST',
  inputIgst: 'Input IGST',
  khataAdjustments: 'Khata adjustments',
}

/**
 * The Tally ledger names (issue 34): the export books to these, so they must be spelt as in Tally. B2B buyers',
 * khata customers' and suppliers' ledgers are made by the file itself. Staff who may export but not change tax
 * settings (an accountant with reports) see the names read-only, without a Save they could only be refused.
 */
export function TallyLedgersForm() {
  const found = useTallyLedgers()
  if (found.isPending) return <Spinner label="Loading the ledger names" />
  if (!found.data) return <p className="text-sm text-danger">{errorText(found.error)}</p>
  return <LedgersForm ledgers={found.data} />
}

function LedgersForm({ ledgers }: { ledgers: TallyLedgersAnswer }) {
  const save = useSaveTallyLedgers()
  const user = useInitMaybe()?.user
  const mayEdit = user ? can(user.permissions, 'tax', 'write') : false
  const [resolver] = useState(() => contractResolver(TallyLedgersInput, { toInput: (v: Values) => v }))
  const form = useForm<Values, unknown, TallyLedgersInput>({ defaultValues: ledgers, resolver })
  const [formError, setFormError] = useState<string | null>(null)
  const errors = form.formState.errors
  const submit = (body: TallyLedgersInput) => {
    setFormError(null)
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(saved)
        toast.success('Tally ledger names saved')
      },
      onError: (err) => setFormError(showServerErrors(err, form.setError, [...TALLY_LEDGER_KEYS])),
    })
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label="Tally ledger names" className="flex flex-col gap-3">
      <FormAlert message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        {TALLY_LEDGER_KEYS.map((k) => (
          <TextField key={k} label={LABELS[k]} error={errors[k]?.message} readOnly={!mayEdit} {...form.register(k)} />
        ))}
      </div>
      {mayEdit ? (
        <div>
          <Button type="submit" size="sm" loading={save.isPending} disabled={!form.formState.isDirty}>
            Save ledger names
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Only staff who manage tax settings can change these names.</p>
      )}
    </form>
  )
}
