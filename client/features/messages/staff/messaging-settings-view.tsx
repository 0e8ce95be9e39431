import { type FormEvent, useState } from 'react'
import type { MessageSettingsAnswer, MessageSettingsInput } from '../../../../common/contracts/admin-messages'
import type { MessageTemplateName } from '../../../../common/rules/message-templates'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { useUnsavedChanges } from '../../../staff/form/use-unsaved-changes'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { useMessageSettings, useSaveMessageSettings, useTestMessaging } from './api'

/** What the inputs hold: text as typed; a secret left empty keeps the saved one; variables as a comma-separated list. */
interface Values {
  whatsapp: { enabled: boolean; phone_number_id: string; access_token: string; app_secret: string }
  sms: { enabled: boolean; sender_id: string; auth_key: string }
  templates: Record<string, { whatsapp_name: string; language: string; dlt_template_id: string; vars: string }>
}

const valuesOf = (a: MessageSettingsAnswer): Values => ({
  whatsapp: { enabled: a.whatsapp.enabled, phone_number_id: a.whatsapp.phone_number_id ?? '', access_token: '', app_secret: '' },
  sms: { enabled: a.sms.enabled, sender_id: a.sms.sender_id ?? '', auth_key: '' },
  templates: Object.fromEntries(
    a.templates.map((t) => [t.name, { whatsapp_name: t.whatsapp_name, language: t.language, dlt_template_id: t.dlt_template_id, vars: t.vars.join(', ') }]),
  ),
})

const toInput = (v: Values, version: number): MessageSettingsInput => ({
  version,
  whatsapp: v.whatsapp,
  sms: v.sms,
  templates: Object.fromEntries(
    Object.entries(v.templates).map(([name, t]) => [
      name,
      {
        whatsapp_name: t.whatsapp_name.trim(),
        language: t.language.trim(),
        dlt_template_id: t.dlt_template_id.trim(),
        vars: t.vars
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      },
    ]),
  ) as MessageSettingsInput['templates'],
})

/** Website Settings → Messaging: the channels, the keys and each message's templates. */
export function MessagingSettingsView() {
  const found = useMessageSettings()
  if (found.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the messaging settings" className="size-6 text-primary" />
      </div>
    )
  if (!found.data) return <PageHeader title="Messaging" description={`The messaging settings could not be loaded: ${errorText(found.error)}`} />
  return <MessagingForm key={found.data.version} settings={found.data} />
}

function MessagingForm({ settings }: { settings: MessageSettingsAnswer }) {
  const save = useSaveMessageSettings()
  const [values, setValues] = useState(() => valuesOf(settings))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(settings))
  useUnsavedChanges(dirty, 'your changes to the messaging settings')

  const set = <K extends 'whatsapp' | 'sms'>(group: K, field: keyof Values[K], value: string | boolean) =>
    setValues((v) => ({ ...v, [group]: { ...v[group], [field]: value } }))
  const setTemplate = (name: string, field: keyof Values['templates'][string], value: string) =>
    setValues((v) => ({ ...v, templates: { ...v.templates, [name]: { ...v.templates[name], [field]: value } } }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setFormError(null)
    setErrors({})
    save.mutate(toInput(values, settings.version), {
      onSuccess: () => toast.success('Messaging settings saved'),
      onError: (err) => {
        const fields = fieldErrors(err)
        setErrors(fields)
        setFormError(Object.keys(fields).length ? 'Some fields need your attention: see below.' : errorText(err))
      },
    })
  }

  const wa = settings.whatsapp
  const sms = settings.sms
  return (
    <form onSubmit={submit} noValidate className="flex max-w-4xl flex-col gap-5">
      <PageHeader
        title="Messaging"
        description={
          settings.mode === 'simulator'
            ? 'How this website reaches shoppers’ phones: sign-in codes and order updates on WhatsApp, with SMS as the fallback. Messages go to the built-in simulator: no phone receives them.'
            : 'How this website reaches shoppers’ phones: sign-in codes and order updates on WhatsApp, with SMS as the fallback.'
        }
        actions={
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        }
      />
      <FormAlert message={formError} />
      <Card title="WhatsApp Business" description={keysNote(wa.keys, 'WhatsApp Business')}>
        <div className="flex flex-col gap-4">
          <Toggle
            label="Send on WhatsApp"
            hint="Codes with a copy-code button; order updates on approved templates."
            checked={values.whatsapp.enabled}
            onChange={(on) => set('whatsapp', 'enabled', on)}
            error={errors['whatsapp.enabled']}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Phone number id"
              inputMode="numeric"
              autoComplete="off"
              hint="WhatsApp Manager → Phone numbers. Empty: use the shop’s account"
              value={values.whatsapp.phone_number_id}
              onChange={(e) => set('whatsapp', 'phone_number_id', e.target.value)}
              error={errors['whatsapp.phone_number_id']}
            />
            <SecretField
              label="Access token"
              saved={wa.access_token_set}
              value={values.whatsapp.access_token}
              onChange={(v) => set('whatsapp', 'access_token', v)}
              error={errors['whatsapp.access_token']}
            />
            <SecretField
              label="App secret"
              saved={wa.app_secret_set}
              value={values.whatsapp.app_secret}
              onChange={(v) => set('whatsapp', 'app_secret', v)}
              error={errors['whatsapp.app_secret']}
            />
            <Address
              label="Webhook URL"
              value={wa.webhook_url}
              note={`Verify token: ${wa.verify_token || 'made when you first save'}. Give both in the Meta app’s WhatsApp webhook settings.`}
            />
          </div>
          <TestButton channel="whatsapp" values={values} />
        </div>
      </Card>
      <Card title="SMS (MSG91, DLT)" description={keysNote(sms.keys, 'MSG91')}>
        <div className="flex flex-col gap-4">
          <Toggle
            label="Send by SMS"
            hint="When WhatsApp fails, or when the shopper chose SMS; each message on its DLT template."
            checked={values.sms.enabled}
            onChange={(on) => set('sms', 'enabled', on)}
            error={errors['sms.enabled']}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Sender id"
              autoComplete="off"
              hint="The 6-letter header registered on DLT. Empty: use the shop’s account"
              value={values.sms.sender_id}
              onChange={(e) => set('sms', 'sender_id', e.target.value.toUpperCase())}
              error={errors['sms.sender_id']}
            />
            <SecretField
              label="Auth key"
              saved={sms.auth_key_set}
              value={values.sms.auth_key}
              onChange={(v) => set('sms', 'auth_key', v)}
              error={errors['sms.auth_key']}
            />
            {sms.report_url && (
              <Address
                label="Delivery report URL"
                value={sms.report_url}
                note="Give this address to MSG91 for delivery reports. Keep it private: it carries this website’s token."
              />
            )}
          </div>
          <TestButton channel="sms" values={values} />
        </div>
      </Card>
      <Card
        title="Templates"
        description="Each message as registered: the WhatsApp template’s name and language, the DLT template id, and the variables in the order the templates number them ({{1}}, {{2}}… and VAR1, VAR2…)."
      >
        <ul className="flex flex-col divide-y divide-border">
          {settings.templates.map((t) => (
            <li key={t.name} className="flex flex-col gap-3 py-4 first:pt-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium">{t.label}</h3>
                <span className="text-xs text-muted">Needs: {t.needs.join(', ')}</span>
              </div>
              <p className="rounded-md border border-border bg-background px-3 py-2 text-sm">
                <span className="mr-2 text-xs font-medium text-muted">Preview</span>
                {t.preview}
              </p>
              <div className="grid grid-cols-[1fr_6rem] gap-3 sm:grid-cols-[1fr_6rem_1fr_1.3fr]">
                {(
                  [
                    ['whatsapp_name', 'WhatsApp template'],
                    ['language', 'Language'],
                    ['dlt_template_id', 'DLT template id'],
                    ['vars', 'Variables in order'],
                  ] as const
                ).map(([field, label]) => (
                  <TextField
                    key={field}
                    // on a phone: the name and language side by side, the DLT id and the variables each a row
                    className={field === 'dlt_template_id' || field === 'vars' ? 'col-span-2 sm:col-span-1' : undefined}
                    label={label}
                    aria-label={`${t.label}: ${label}`}
                    autoComplete="off"
                    spellCheck={false}
                    value={values.templates[t.name]?.[field] ?? ''}
                    onChange={(e) => setTemplate(t.name, field, e.target.value)}
                    error={errors[`templates.${t.name as MessageTemplateName}.${field}`]}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </form>
  )
}

const keysNote = (keys: 'own' | 'shop' | 'none', name: string) =>
  keys === 'own'
    ? `Messages go out on this website’s own ${name} account.`
    : keys === 'shop'
      ? `No keys saved: messages use the shop’s ${name} account. Enter this website’s keys to send from its own.`
      : `No keys: enter this website’s ${name} keys to send on it.`

function Toggle({ label, hint, checked, onChange, error }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void; error?: string }) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          <span className="font-medium">{label}</span>
          <span className="block text-muted">{hint}</span>
        </span>
      </label>
      {error && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

/** A secret: typed, never shown back; empty keeps the saved one. */
function SecretField({
  label,
  saved,
  value,
  onChange,
  error,
}: {
  label: string
  saved: boolean
  value: string
  onChange: (v: string) => void
  error?: string
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      placeholder={saved ? '•••• saved' : 'Paste the secret'}
      hint={saved ? 'Saved, never shown again. Type a new one to replace it.' : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  )
}

function Address({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <span className="text-sm font-medium">{label}</span>
      <code className="break-all rounded-md border border-border bg-background px-3 py-2 text-xs">{value}</code>
      <span className="text-xs text-muted">{note}</span>
    </div>
  )
}

function TestButton({ channel, values }: { channel: 'whatsapp' | 'sms'; values: Values }) {
  const test = useTestMessaging()
  const run = () =>
    test.mutate(
      channel === 'whatsapp'
        ? { channel, phone_number_id: values.whatsapp.phone_number_id.trim(), access_token: values.whatsapp.access_token.trim() }
        : { channel, auth_key: values.sms.auth_key.trim() },
    )
  const result = test.data
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        onClick={run}
        loading={test.isPending}
        aria-label={`Test the ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} connection`}
      >
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
          <span className="text-muted">Asks the provider whether it accepts the keys above (or the saved ones), without sending a message.</span>
        )}
      </p>
    </div>
  )
}
