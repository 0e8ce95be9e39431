import type { SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { Button } from '../../ui/button'
import { confirm } from '../../ui/confirm-dialog'
import { TextField } from '../../ui/form-field'
import { TextareaField } from '../../ui/textarea-field'
import { Card } from '../../staff/ui/card'
import { PlusIcon, TrashIcon } from '../../staff/ui/staff-icons'
import { SingleImageField } from '../../staff/form/single-image-field'
import { Check, GroupScreen } from './group-form'

type Values = SiteEditorAnswer['popup_seo']

const valuesOf = (a: SiteEditorAnswer): Values => a.popup_seo
const toBody = (v: Values) => v
const orNull = (s: string) => (s.trim() === '' ? null : s)

/** Website Settings → Popup & SEO: the promotional popup, the site's search and sharing text, supplier tiles. */
export function PopupSeoView() {
  return (
    <GroupScreen
      group="popup_seo"
      title="Popup & SEO"
      what="the popup and SEO settings"
      description="The promotional popup shown on the home page and the product list, how the site looks in search results and when shared, and the supplier tiles."
      valuesOf={valuesOf}
      toBody={toBody}
    >
      {({ values, set, error }) => (
        <>
          <Card title="Popup" description="Appears 5 seconds after the page opens, only on / and /products, and only when it has an image.">
            <div className="flex flex-col gap-4">
              <SingleImageField
                label="Popup image"
                value={values.popup.image}
                error={error('popup.image')}
                onChange={(image) => set((v) => ({ ...v, popup: { ...v.popup, image } }))}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Shown for (seconds)"
                  type="number"
                  min={1}
                  max={120}
                  value={values.popup.duration}
                  error={error('popup.duration')}
                  onChange={(e) => set((v) => ({ ...v, popup: { ...v.popup, duration: Number(e.target.value) } }))}
                />
                <TextField
                  label="Popup link"
                  hint="Opens in a new tab: /products?s=discount, https://…"
                  value={values.popup.link ?? ''}
                  error={error('popup.link')}
                  onChange={(e) => set((v) => ({ ...v, popup: { ...v.popup, link: orNull(e.target.value) } }))}
                />
              </div>
              <TextField
                label="Coupon it promotes"
                hint="Optional. A signed-in shopper who can no longer use this coupon is not shown the popup."
                value={values.popup.coupon ?? ''}
                error={error('popup.coupon')}
                onChange={(e) => set((v) => ({ ...v, popup: { ...v.popup, coupon: orNull(e.target.value.toUpperCase()) } }))}
              />
              <Check
                label="Show once per browser"
                hint="A shopper who has seen this image does not see it again."
                checked={values.popup.once}
                onChange={(once) => set((v) => ({ ...v, popup: { ...v.popup, once } }))}
              />
            </div>
          </Card>
          <Card title="Search and sharing" description="Used by pages that do not set their own.">
            <div className="flex flex-col gap-4">
              <TextField
                label="Title"
                value={values.webSeo.og_title ?? ''}
                error={error('webSeo.og_title')}
                onChange={(e) => set((v) => ({ ...v, webSeo: { ...v.webSeo, og_title: orNull(e.target.value) } }))}
              />
              <TextareaField
                label="Description"
                rows={3}
                value={values.webSeo.og_description ?? ''}
                error={error('webSeo.og_description')}
                onChange={(e) => set((v) => ({ ...v, webSeo: { ...v.webSeo, og_description: orNull(e.target.value) } }))}
              />
              <TextField
                label="Keywords"
                hint="Separated by commas."
                value={values.webSeo.meta_keywords ?? ''}
                error={error('webSeo.meta_keywords')}
                onChange={(e) => set((v) => ({ ...v, webSeo: { ...v.webSeo, meta_keywords: orNull(e.target.value) } }))}
              />
              <SingleImageField
                label="Sharing image"
                hint="Shown when the site is shared; 1200 × 630 works best."
                value={values.webSeo.og_image}
                error={error('webSeo.og_image')}
                onChange={(og_image) => set((v) => ({ ...v, webSeo: { ...v.webSeo, og_image } }))}
              />
            </div>
          </Card>
          <Card
            title="Supplier tiles"
            description="The suppliers and farms the shop buys from, each linking to its own page. Shown by a page’s Supplier tiles block that has no tiles of its own, when “Show the supplier page” is on (Site)."
          >
            <div className="flex flex-col gap-4">
              {values.supplierTiles.length === 0 && <p className="text-sm text-muted">No supplier tiles yet.</p>}
              {values.supplierTiles.map((tile, i) => {
                const change = (c: Partial<typeof tile>) => set((v) => ({ ...v, supplierTiles: v.supplierTiles.map((t, j) => (j === i ? { ...t, ...c } : t)) }))
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiles have no id; their order is their identity
                  <fieldset key={i} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
                    <legend className="px-1 text-sm font-medium">Tile {i + 1}</legend>
                    <TextField
                      label="Name"
                      required
                      value={tile.name}
                      error={error(`supplierTiles.${i}.name`)}
                      onChange={(e) => change({ name: e.target.value })}
                    />
                    <TextField label="Link" value={tile.link} error={error(`supplierTiles.${i}.link`)} onChange={(e) => change({ link: e.target.value })} />
                    <TextField
                      label="Title"
                      value={tile.title ?? ''}
                      error={error(`supplierTiles.${i}.title`)}
                      onChange={(e) => change({ title: orNull(e.target.value) })}
                    />
                    <SingleImageField label="Avatar" value={tile.avatar} error={error(`supplierTiles.${i}.avatar`)} onChange={(avatar) => change({ avatar })} />
                    <div className="sm:col-span-2">
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={async () => {
                          const ok = await confirm({
                            title: `Remove the tile “${tile.name}”?`,
                            message: 'It is gone once you save.',
                            confirmText: 'Remove',
                            danger: true,
                          })
                          if (ok) set((v) => ({ ...v, supplierTiles: v.supplierTiles.filter((_, j) => j !== i) }))
                        }}
                      >
                        <TrashIcon className="size-4" /> Remove tile
                      </Button>
                    </div>
                  </fieldset>
                )
              })}
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => set((v) => ({ ...v, supplierTiles: [...v.supplierTiles, { name: '', link: '', avatar: null, image: null, title: null }] }))}
                >
                  <PlusIcon className="size-4" /> Add a supplier tile
                </Button>
              </div>
            </div>
          </Card>
        </>
      )}
    </GroupScreen>
  )
}
