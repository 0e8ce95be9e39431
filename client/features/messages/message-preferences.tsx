import { type FormEvent, useState } from 'react'
import type * as z from 'zod/mini'
import type { MessagePreferences } from '../../../common/contracts/messages'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { radioCard } from '../../ui/radio-card'
import { toast } from '../../ui/toast'
import { useMessagePreferences, useSaveMessagePreferences } from './api'

type Preferences = z.infer<typeof MessagePreferences>

const CHANNELS = [
  ['whatsapp', 'WhatsApp', 'Updates and sign-in codes on WhatsApp; an SMS when WhatsApp cannot reach you.'],
  ['sms', 'SMS', 'Text messages only, from the shop’s registered sender id.'],
] as const

/**
 * /account/details: how this website's messages reach the shopper's phone (issue #32): WhatsApp or SMS first, and
 * whether order updates are sent at all. Sign-in codes still come when asked for. Nothing shows for an account
 * without a mobile number (the call answers 404).
 */
export function MessagePreferencesForm() {
  const found = useMessagePreferences()
  if (!found.data) return null
  return <PreferencesForm key={`${found.data.channel}:${found.data.updates}`} saved={found.data} />
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const save = useSaveMessagePreferences()
  const [channel, setChannel] = useState(saved.channel)
  const [updates, setUpdates] = useState(saved.updates)
  const [alert, setAlert] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setAlert(null)
    save.mutate(
      { channel, updates },
      {
        onSuccess: (now) => toast.success(now.updates ? 'Your message choices are saved' : 'Order updates are off: we will not message you about orders'),
        onError: (err) => setAlert(errorText(err)),
      },
    )
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="message-preferences-title"
      className="mt-6 max-w-lg space-y-4 rounded-lg border border-border bg-surface p-4 sm:p-6"
    >
      <div>
        <h2 id="message-preferences-title" className="text-lg font-semibold">
          Messages on your phone
        </h2>
        <p className="text-sm text-muted">To +91 {saved.mobile}: order updates, payment links and sign-in codes.</p>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Send them on</legend>
        {CHANNELS.map(([value, label, hint]) => (
          <label key={value} className={radioCard(channel === value)}>
            <input
              type="radio"
              name="message-channel"
              value={value}
              checked={channel === value}
              onChange={() => setChannel(value)}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-muted">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={updates} onChange={(e) => setUpdates(e.target.checked)} />
        <span>
          <span className="font-medium">Send me order updates</span>
          <span className="block text-muted">Confirmed, out for delivery, delivered, refunds. Untick to stop them; codes you ask for still come.</span>
        </span>
      </label>
      <FormAlert message={alert} />
      <Button type="submit" variant="outline" loading={save.isPending} disabled={channel === saved.channel && updates === saved.updates}>
        Save message choices
      </Button>
    </form>
  )
}
