import type { SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { cn } from '../../lib/cn'
import { TextField } from '../../ui/form-field'
import { SelectField } from '../../ui/select-field'
import { Card } from '../../staff/ui/card'
import { Check, GroupScreen } from './group-form'
import { HeaderThumbnail, NavbarThumbnail } from './template-thumbnails'

type Values = SiteEditorAnswer['navigation']

const valuesOf = (a: SiteEditorAnswer): Values => a.navigation
const toBody = (v: Values) => v

const HEADER_NAMES = ['Logo · search · account', 'Search on its own row', 'Logo in the middle', 'Search in a coloured band']
const NAVBAR_NAMES = ['Thin line', 'Primary underline', 'Shadow', 'Tinted', 'Accent underline']

const SLOTS: [keyof Values & `show_${string}`, string][] = [
  ['show_logo', 'Logo'],
  ['show_search_bar', 'Search bar'],
  ['show_pincode', 'Pincode'],
  ['show_cart_icon', 'Cart icon'],
  ['show_account', 'Account menu'],
  ['show_login', 'Login button'],
  ['show_register', 'Register link'],
]

/** Website Settings → Navigation: every navigation setting of spec §3, templates with thumbnails. */
export function NavigationView() {
  return (
    <GroupScreen
      group="navigation"
      title="Navigation"
      what="the navigation settings"
      description="How the top bar of the storefront is laid out: the header and navbar templates, which slots show, heights, logo size and search width."
      valuesOf={valuesOf}
      toBody={toBody}
    >
      {({ values, set, error }) => {
        const num = (key: 'navbar_height' | 'sub_navbar_height') => (e: React.ChangeEvent<HTMLInputElement>) =>
          set((v) => ({ ...v, [key]: e.target.value === '' ? Number.NaN : Number(e.target.value) }))
        return (
          <>
            <Card title="Header template">
              <TemplatePicker
                name="header_template"
                count={4}
                names={HEADER_NAMES}
                value={values.header_template}
                onChange={(header_template) => set((v) => ({ ...v, header_template }))}
                thumbnail={(n) => <HeaderThumbnail template={n} />}
              />
              <FieldError message={error('header_template')} />
            </Card>
            <Card title="Navbar template">
              <TemplatePicker
                name="navbar_template"
                count={5}
                names={NAVBAR_NAMES}
                value={values.navbar_template}
                onChange={(navbar_template) => set((v) => ({ ...v, navbar_template }))}
                thumbnail={(n) => <NavbarThumbnail template={n} />}
              />
              <FieldError message={error('navbar_template')} />
            </Card>
            <Card title="What the top bar shows">
              <div className="grid gap-3 sm:grid-cols-2">
                {SLOTS.map(([key, label]) => (
                  <Check key={key} label={label} checked={values[key]} onChange={(on) => set((v) => ({ ...v, [key]: on }))} />
                ))}
              </div>
            </Card>
            <Card title="Sizes and alignment">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Navbar height (px)"
                  type="number"
                  min={40}
                  max={160}
                  value={Number.isNaN(values.navbar_height) ? '' : values.navbar_height}
                  error={error('navbar_height')}
                  onChange={num('navbar_height')}
                />
                <TextField
                  label="Sub-navbar height (px)"
                  type="number"
                  min={24}
                  max={120}
                  value={Number.isNaN(values.sub_navbar_height) ? '' : values.sub_navbar_height}
                  error={error('sub_navbar_height')}
                  onChange={num('sub_navbar_height')}
                />
                <TextField
                  label="Search width (%)"
                  type="number"
                  min={10}
                  max={100}
                  value={values.search_setting.width}
                  error={error('search_setting.width')}
                  onChange={(e) => set((v) => ({ ...v, search_setting: { width: Number(e.target.value) } }))}
                />
                <SelectField
                  label="Menu alignment"
                  placeholder={null}
                  options={[
                    { value: 'left', label: 'Left' },
                    { value: 'center', label: 'Centre' },
                    { value: 'right', label: 'Right' },
                  ]}
                  value={values.nav_alignment}
                  error={error('nav_alignment')}
                  onChange={(e) => set((v) => ({ ...v, nav_alignment: e.target.value as Values['nav_alignment'] }))}
                />
                <TextField
                  label="Footer name"
                  hint="Shown in the footer when there is no logo."
                  value={values.footer_name}
                  error={error('footer_name')}
                  onChange={(e) => set((v) => ({ ...v, footer_name: e.target.value }))}
                />
              </div>
            </Card>
            <Card title="Logo">
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField
                  label="Logo width (px)"
                  type="number"
                  value={values.logo_settings.image_width}
                  error={error('logo_settings.image_width')}
                  onChange={(e) => set((v) => ({ ...v, logo_settings: { ...v.logo_settings, image_width: Number(e.target.value) } }))}
                />
                <TextField
                  label="Logo height (px)"
                  type="number"
                  value={values.logo_settings.image_height}
                  error={error('logo_settings.image_height')}
                  onChange={(e) => set((v) => ({ ...v, logo_settings: { ...v.logo_settings, image_height: Number(e.target.value) } }))}
                />
                <SelectField
                  label="Logo fit"
                  placeholder={null}
                  options={[
                    { value: 'contain', label: 'Whole logo' },
                    { value: 'cover', label: 'Fill the box' },
                  ]}
                  value={values.logo_settings.image_size}
                  onChange={(e) => set((v) => ({ ...v, logo_settings: { ...v.logo_settings, image_size: e.target.value as 'contain' | 'cover' } }))}
                />
              </div>
            </Card>
          </>
        )
      }}
    </GroupScreen>
  )
}

function FieldError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="mt-2 text-sm text-danger">
      {message}
    </p>
  ) : null
}

interface PickerProps {
  name: string
  count: number
  names: string[]
  value: number
  onChange: (n: number) => void
  thumbnail: (n: number) => React.ReactNode
}

function TemplatePicker({ name, count, names, value, onChange, thumbnail }: PickerProps) {
  return (
    <div
      role="radiogroup"
      aria-label={name === 'header_template' ? 'Header template' : 'Navbar template'}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
        <label
          key={n}
          className={cn(
            'flex cursor-pointer flex-col gap-2 rounded-lg border-2 p-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
            value === n ? 'border-primary bg-primary/5' : 'border-border',
          )}
        >
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
          {thumbnail(n)}
          <span>
            <span className="font-medium">{n}.</span> {names[n - 1]}
          </span>
        </label>
      ))}
    </div>
  )
}
