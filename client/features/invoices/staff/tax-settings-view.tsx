import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { input, output } from 'zod/v4/core'
import { GST_RATES } from '../../../../common/contracts/admin-catalogue'
import { getGstReportCsv, type TaxSettingsAnswer, TaxSettingsInput } from '../../../../common/contracts/invoices'
import { INDIAN_STATES } from '../../../../common/rules/address'
import { buildUrl } from '../../../lib/api'
import { ApiError, errorText } from '../../../lib/error-text'
import { Button, buttonClasses } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { Spinner } from '../../../ui/spinner'
import { TextareaField } from '../../../ui/textarea-field'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { useIssueMissingInvoices, useSaveTaxSettings, useTaxSettings } from './api'
import { showServerErrors } from '../../../staff/form/server-errors'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'

/** What the inputs hold: text as typed. */
interface Values {
  legal_name: string
  trade_name: string
  gstin: string
  state: string
  address: string
  invoice_prefix: string
  credit_note_prefix: string
  delivery_sac: string
  delivery_gst_rate: string
}

const FIELDS: (keyof Values)[] = [
  'legal_name',
  'trade_name',
  'gstin',
  'state',
  'address',
  'invoice_prefix',
  'credit_note_prefix',
  'delivery_sac',
  'delivery_gst_rate',
]

const valuesOf = (a: TaxSettingsAnswer): Values => ({
  legal_name: a.legal_name,
  trade_name: a.trade_name,
  gstin: a.gstin,
  state: a.state,
  address: a.address,
  invoice_prefix: a.invoice_prefix,
  credit_note_prefix: a.credit_note_prefix,
  delivery_sac: a.delivery_sac,
  delivery_gst_rate: String(a.delivery_gst_rate),
})
/** what the contract checks (its own messages say what is wrong with a state or rate that is not one of its list) */
const toInput = (v: Values, version: number) => ({ ...v, version, delivery_gst_rate: Number(v.delivery_gst_rate) }) as unknown as input<typeof TaxSettingsInput>
type Body = output<typeof TaxSettingsInput>

/** Administration → Tax & invoices: the website's GST registration. */
export function TaxSettingsView() {
  const found = useTaxSettings()
  if (found.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the tax settings" className="size-6 text-primary" />
      </div>
    )
  if (!found.data) return <PageHeader title="Tax & invoices" description={`The tax settings could not be loaded: ${errorText(found.error)}`} />
  return <TaxSettingsForm settings={found.data} />
}

function TaxSettingsForm({ settings }: { settings: TaxSettingsAnswer }) {
  const save = useSaveTaxSettings()
  const version = useRef(settings.version)
  const [resolver] = useState(() => contractResolver(TaxSettingsInput, { toInput: (v: Values) => toInput(v, version.current) }))
  const form = useForm<Values, unknown, Body>({ defaultValues: valuesOf(settings), resolver })
  const [formError, setFormError] = useState<string | null>(null)
  const [stale, setStale] = useState<TaxSettingsAnswer | null>(null)
  const [configured, setConfigured] = useState(settings.configured)
  useUnsavedChanges(form.formState.isDirty, 'your changes to the tax settings')
  const errors = form.formState.errors

  const submit = (body: Body) => {
    setFormError(null)
    save.mutate(
      { ...body, version: version.current },
      {
        onSuccess: (saved) => {
          version.current = saved.version
          setConfigured(true)
          setStale(null)
          form.reset(valuesOf(saved))
          toast.success('Tax settings saved')
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) {
            const current = (err.body as { current?: TaxSettingsAnswer } | undefined)?.current ?? null
            setStale(current)
            setFormError('Someone else saved the tax settings while you were editing. Load their version, or save again to keep yours.')
            if (current) version.current = current.version
          } else setFormError(showServerErrors(err, form.setError, FIELDS))
        },
      },
    )
  }

  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-5">
        <PageHeader
          title="Tax & invoices"
          description={
            configured
              ? 'Every confirmed order and counter sale gets a GST tax invoice with these details; refunds and cancellations get credit notes.'
              : 'No GST registration is saved: orders get no tax invoices until you save one.'
          }
          actions={
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          }
        />
        <FormAlert message={formError} />
        {stale && (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                form.reset(valuesOf(stale))
                setStale(null)
                setFormError(null)
              }}
            >
              Load their version
            </Button>
          </div>
        )}
        <Card title="Registration" description="As on the GST registration certificate (REG-06).">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Legal name" required error={errors.legal_name?.message} {...form.register('legal_name')} />
            <TextField label="Trade name" hint="The name shoppers know, if it differs" error={errors.trade_name?.message} {...form.register('trade_name')} />
            <TextField
              label="GSTIN"
              required
              placeholder="29ABCDE1234F1Z5"
              autoComplete="off"
              spellCheck={false}
              maxLength={15}
              hint="15 characters; checked for its state code and check character"
              error={errors.gstin?.message}
              {...form.register('gstin')}
            />
            <SelectField label="State" required options={INDIAN_STATES} error={errors.state?.message} {...form.register('state')} />
            <TextareaField
              label="Registered address"
              required
              rows={3}
              className="sm:col-span-2"
              hint="The principal place of business"
              error={errors.address?.message}
              {...form.register('address')}
            />
          </div>
        </Card>
        <Card title="Numbering" description="Numbers run per financial year (April to March) with no gaps: e.g. INV/2627/00001.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Invoice prefix"
              required
              maxLength={4}
              hint="1 to 4 letters or digits"
              error={errors.invoice_prefix?.message}
              {...form.register('invoice_prefix')}
            />
            <TextField
              label="Credit note prefix"
              required
              maxLength={4}
              hint="1 to 4 letters or digits, not the invoice prefix"
              error={errors.credit_note_prefix?.message}
              {...form.register('credit_note_prefix')}
            />
          </div>
        </Card>
        <Card title="Delivery charge" description="Shown on invoices as a service line of its own.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="SAC"
              required
              inputMode="numeric"
              hint="9968: postal and courier services"
              error={errors.delivery_sac?.message}
              {...form.register('delivery_sac')}
            />
            <SelectField
              label="GST rate"
              required
              placeholder={null}
              options={GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
              error={errors.delivery_gst_rate?.message}
              {...form.register('delivery_gst_rate')}
            />
          </div>
        </Card>
      </form>
      {configured && settings.missing_invoices > 0 && <MissingInvoicesCard count={settings.missing_invoices} />}
      {configured && <GstReportCard />}
    </div>
  )
}

/** Orders confirmed before the registration was saved have no invoice: staff issue them in one go. */
function MissingInvoicesCard({ count }: { count: number }) {
  const issue = useIssueMissingInvoices()
  return (
    <Card
      title="Orders without an invoice"
      description={`${count} ${count === 1 ? 'order was' : 'orders were'} confirmed before the GST registration was saved. Their invoices are issued in order, dated today.`}
    >
      <Button
        onClick={() =>
          issue.mutate(undefined, {
            onSuccess: (done) => toast.success(done.issued === 0 ? 'No invoice was missing' : `${done.issued} invoices issued: ${done.first} to ${done.last}`),
            onError: (err) => toast.fromError(err),
          })
        }
        loading={issue.isPending}
      >
        Issue missing invoices
      </Button>
    </Card>
  )
}

const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
const SECTIONS = [
  ['documents', 'Invoices and credit notes'],
  ['rates', 'Tax by state and rate'],
  ['hsn', 'HSN summary'],
] as const

/** The GST report of a period as CSV files, for the accountant (GSTR-1 style B2C and HSN summaries). */
function GstReportCard() {
  const [from, setFrom] = useState(() => `${indiaToday().slice(0, 8)}01`)
  const [to, setTo] = useState(indiaToday)
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to
  return (
    <Card
      title="GST report"
      description="Invoices and credit notes issued in a period, tax by place of supply and rate, and the HSN summary, for filing. Credit notes are taken off."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} error={valid ? undefined : 'Choose a day on or after the first'} />
      </div>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="GST report files">
        {SECTIONS.map(([section, label]) => (
          <li key={section}>
            <a
              href={valid ? buildUrl(getGstReportCsv.path, {}, { from, to, section }) : undefined}
              aria-disabled={!valid || undefined}
              download
              className={buttonClasses({ variant: 'outline' })}
            >
              {label} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}
