import { useState } from 'react'
import { type SiteEditorAnswer, THEME_COLOURS, THEME_NAME } from '../../../common/contracts/admin-site'
import { checkTheme } from '../../../common/rules/contrast'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { TextField } from '../../ui/form-field'
import { Card } from '../../staff/ui/card'
import { GroupScreen } from './group-form'

type Values = SiteEditorAnswer['theme']

const valuesOf = (a: SiteEditorAnswer): Values => a.theme
const toBody = (v: Values) => v

/**
 * Saving publishes the active theme to shoppers: one whose text falls below WCAG AA contrast is published only when
 * the person says so in the app's dialog (the pairs that fail are named).
 */
async function confirmContrast(v: Values): Promise<boolean> {
  const failing = checkTheme(v.themes[v.active] ?? {}).filter((c) => !c.passes)
  if (failing.length === 0) return true
  const pairs = failing.map((c) => `${c.label} (${c.ratio === null ? 'cannot be read' : `${c.ratio.toFixed(2)}:1`})`).join('; ')
  return confirm({
    title: `Publish “${v.active}” below AA contrast?`,
    message: `Shoppers see this theme once you save, and some will struggle to read it: ${pairs}. WCAG AA asks 4.5:1.`,
    confirmText: 'Publish anyway',
    cancelText: 'Keep editing',
    danger: true,
  })
}

/** Website Settings → Theme: named colour maps, the active one, and a WCAG AA check of text on its background. */
export function ThemeView() {
  const [newName, setNewName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  return (
    <GroupScreen
      group="theme"
      title="Theme"
      what="the theme"
      description="Colour themes of the storefront. Keep several (a festival theme, a dark one) and choose which one shoppers see."
      valuesOf={valuesOf}
      toBody={toBody}
      confirmSave={confirmContrast}
    >
      {({ values, set, error }) => {
        const names = Object.keys(values.themes)
        const add = () => {
          const name = newName.trim().toLowerCase()
          if (!THEME_NAME.test(name)) return setNameError('Lower-case letters, digits and -, starting with a letter')
          if (values.themes[name]) return setNameError('There is a theme with this name')
          setNameError(null)
          setNewName('')
          set((v) => ({ ...v, themes: { ...v.themes, [name]: { ...v.themes[v.active] } } }))
        }
        return (
          <>
            <FormErrorLine message={error('active') ?? error('themes')} />
            {names.map((name) => (
              <ThemeCard
                key={name}
                name={name}
                colours={values.themes[name]}
                active={values.active === name}
                errorOf={(colour) => error(`themes.${name}.${colour}`)}
                onActivate={() => set((v) => ({ ...v, active: name }))}
                onChange={(colour, value) =>
                  set((v) => {
                    // an emptied colour is not set: the storefront's default for it applies
                    const { [colour]: _, ...rest } = v.themes[name]
                    return { ...v, themes: { ...v.themes, [name]: value.trim() === '' ? rest : { ...rest, [colour]: value } } }
                  })
                }
                onRemove={
                  names.length > 1 && values.active !== name
                    ? async () => {
                        const ok = await confirm({
                          title: `Remove the theme “${name}”?`,
                          message: 'Its colours are gone once you save.',
                          confirmText: 'Remove',
                          danger: true,
                        })
                        if (ok)
                          set((v) => {
                            const { [name]: _, ...rest } = v.themes
                            return { ...v, themes: rest }
                          })
                      }
                    : undefined
                }
              />
            ))}
            <Card title="Add a theme" description="Starts as a copy of the active theme.">
              <div className="flex items-end gap-2">
                <TextField label="Theme name" value={newName} error={nameError ?? undefined} onChange={(e) => setNewName(e.target.value)} className="flex-1" />
                <Button type="button" variant="outline" onClick={add}>
                  Add theme
                </Button>
              </div>
            </Card>
          </>
        )
      }}
    </GroupScreen>
  )
}

function FormErrorLine({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-danger">
      {message}
    </p>
  ) : null
}

interface ThemeCardProps {
  name: string
  colours: Record<string, string>
  active: boolean
  errorOf: (colour: string) => string | undefined
  onActivate: () => void
  onChange: (colour: string, value: string) => void
  onRemove?: () => void
}

function ThemeCard({ name, colours, active, errorOf, onActivate, onChange, onRemove }: ThemeCardProps) {
  const keys = [...THEME_COLOURS, ...Object.keys(colours).filter((c) => !(THEME_COLOURS as readonly string[]).includes(c))]
  const checks = checkTheme(colours)
  const failing = checks.filter((c) => !c.passes)
  return (
    <section aria-label={`Theme ${name}`} className="rounded-lg border border-border bg-surface p-4">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="text-base font-semibold">{name}</h2>
        {active ? (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Active</span>
        ) : (
          <Button type="button" size="sm" variant="outline" onClick={onActivate}>
            Use this theme
          </Button>
        )}
        {onRemove && (
          <Button type="button" size="sm" variant="ghost" onClick={onRemove} className="ml-auto">
            Remove
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {keys.map((colour) => (
          <ColourField key={colour} label={colour} value={colours[colour] ?? ''} error={errorOf(colour)} onChange={(value) => onChange(colour, value)} />
        ))}
      </div>
      <div className="mt-4 rounded-md border p-3 text-sm" style={{ background: colours.background, color: colours.text, borderColor: colours.border }}>
        <span>Sample text on the background. </span>
        <span style={{ background: colours.primary, color: colours['on-primary'] }} className="ml-2 inline-block rounded px-2 py-1 font-medium">
          Add to Cart
        </span>
      </div>
      <ul className="mt-3 flex flex-col gap-1 text-sm">
        {checks.map((c) => (
          <li key={c.label} className={c.passes ? 'text-success' : 'text-danger'}>
            {c.passes ? '✓' : '⚠'} {c.label}: {c.ratio === null ? 'cannot be read' : `${c.ratio.toFixed(2)}:1`}
            {!c.passes && ' — below WCAG AA (4.5:1); some shoppers will struggle to read it'}
          </li>
        ))}
      </ul>
      {failing.length > 0 && (
        <p role="status" className="mt-2 text-sm font-medium text-danger">
          Warning: {failing.length === 1 ? 'one colour pair does' : `${failing.length} colour pairs do`} not meet WCAG AA contrast.
        </p>
      )}
    </section>
  )
}

function ColourField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (v: string) => void }) {
  const hex = /^#[0-9a-f]{6}$/i.test(value) ? value : '#ffffff'
  return (
    <div className="flex items-end gap-2">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={hex}
        onChange={(e) => onChange(e.target.value)}
        className="mb-0.5 h-9 w-10 shrink-0 cursor-pointer rounded border border-border bg-surface"
      />
      <TextField label={label} value={value} placeholder="Default" error={error} onChange={(e) => onChange(e.target.value)} className="flex-1" />
    </div>
  )
}
