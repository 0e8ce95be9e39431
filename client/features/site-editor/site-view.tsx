import { FONT_FAMILIES, type SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { TextField } from '../../ui/form-field'
import { SelectField } from '../../ui/select-field'
import { TextareaField } from '../../ui/textarea-field'
import { Card } from '../../staff/ui/card'
import { SingleImageField } from '../../staff/form/single-image-field'
import { Check, GroupScreen } from './group-form'

type Values = SiteEditorAnswer['site']

const valuesOf = (a: SiteEditorAnswer): Values => a.site
const toBody = (v: Values) => v

/** Website Settings → Site: name, logo, favicon, description, font, cart, supplier page, address. */
export function SiteView() {
  return (
    <GroupScreen
      group="site"
      title="Site"
      what="the site settings"
      description="What the storefront is called and how it introduces itself: name, logo, favicon, description, font and contact details."
      valuesOf={valuesOf}
      toBody={toBody}
    >
      {({ values, set, error }) => (
        <>
          <Card title="Identity">
            <div className="flex flex-col gap-4">
              <TextField label="Name" required value={values.name} error={error('name')} onChange={(e) => set((v) => ({ ...v, name: e.target.value }))} />
              <TextareaField
                label="Description"
                hint="Shown in the footer and used for search engines when a page has no description."
                value={values.description}
                error={error('description')}
                onChange={(e) => set((v) => ({ ...v, description: e.target.value }))}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <SingleImageField label="Logo" value={values.logo} error={error('logo')} onChange={(logo) => set((v) => ({ ...v, logo }))} />
                <SingleImageField
                  label="Favicon"
                  hint="A square image, at least 48 × 48."
                  value={values.favicon}
                  error={error('favicon')}
                  onChange={(favicon) => set((v) => ({ ...v, favicon }))}
                />
              </div>
            </div>
          </Card>
          <Card title="Font" description="Served by the shop itself, weights 400 to 800.">
            <SelectField
              label="Font family"
              placeholder={null}
              options={FONT_FAMILIES}
              value={values.font_family}
              error={error('font_family')}
              onChange={(e) => set((v) => ({ ...v, font_family: e.target.value }))}
            />
            <p className="mt-3 text-lg" style={{ fontFamily: `"${values.font_family}", "Inter Variable", sans-serif` }}>
              Fresh atta, dals and vegetables — <span className="font-bold">delivered today</span>
            </p>
          </Card>
          <Card title="Shopping">
            <div className="flex flex-col gap-3">
              <Check
                label="Show the cart"
                hint="Off: the cart button is hidden from the top bar."
                checked={values.show_cart}
                onChange={(show_cart) => set((v) => ({ ...v, show_cart }))}
              />
              <Check
                label="Show the supplier page"
                hint="Supplier tiles (set on Popup & SEO) show in every Supplier tiles block of a page that has none of its own."
                checked={values.show_supplier_page}
                onChange={(show_supplier_page) => set((v) => ({ ...v, show_supplier_page }))}
              />
            </div>
          </Card>
          <Card title="Address" description="The shop’s contact details shown on the storefront.">
            <div className="flex flex-col gap-4">
              <TextareaField
                label="Address"
                rows={2}
                value={values.webAddress.address}
                error={error('webAddress.address')}
                onChange={(e) => set((v) => ({ ...v, webAddress: { ...v.webAddress, address: e.target.value } }))}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Phone"
                  inputMode="tel"
                  value={values.webAddress.phone}
                  error={error('webAddress.phone')}
                  onChange={(e) => set((v) => ({ ...v, webAddress: { ...v.webAddress, phone: e.target.value } }))}
                />
                <TextField
                  label="Email"
                  type="email"
                  value={values.webAddress.email}
                  error={error('webAddress.email')}
                  onChange={(e) => set((v) => ({ ...v, webAddress: { ...v.webAddress, email: e.target.value } }))}
                />
              </div>
            </div>
          </Card>
        </>
      )}
    </GroupScreen>
  )
}
