import { TextField } from '../../../../ui/form-field'
import { SingleImageField } from '../../../../staff/form/single-image-field'
import { Check, LinkField, NumberField, TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, orNone, propSetters } from '../form-props'
import { ItemList } from '../item-list'

export const heroBannerEditor: BlockEditor<'hero_banner'> = {
  label: 'Hero banner',
  description: 'Wide sliding images with links',
  make: () => ({ name: 'Hero banner', type: 'hero_banner', data: { slides: [] }, settings: { aspect: '16/5', fullpage: false }, logicdata: {} }),
  Form: HeroBannerForm,
}

type SlidesConfig = NonNullable<BlockFormProps<'hero_banner'>['block']['settings']['slidesconfig']>

function HeroBannerForm(props: BlockFormProps<'hero_banner'>) {
  const { block, error } = props
  const { setData, setSettings } = propSetters(props)
  const config = block.settings.slidesconfig ?? {}
  const setConfig = (changes: SlidesConfig) => {
    const next = { ...config, ...changes }
    setSettings({ slidesconfig: Object.values(next).some((v) => v !== undefined) ? next : undefined })
  }
  const bg = block.settings.bgcolor ?? ''
  return (
    <>
      <TitleField label="Title (optional)" value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <ItemList
        label="Slides"
        items={block.data.slides ?? []}
        onChange={(slides) => setData({ slides })}
        make={() => ({ image: '', link: '' })}
        itemLabel={(i) => `Slide ${i + 1}`}
        error={error('data.slides')}
        render={(slide, setSlide, i) => (
          <>
            <SingleImageField
              label="Image"
              value={slide.image || null}
              onChange={(v) => setSlide({ image: orNone(v ?? '') })}
              error={error(`data.slides.${i}.image`)}
            />
            <SingleImageField
              label="Phone image (optional)"
              value={slide.image_sm || null}
              onChange={(v) => setSlide({ image_sm: orNone(v ?? '') })}
              error={error(`data.slides.${i}.image_sm`)}
              hint="A taller image for small screens"
            />
            <LinkField label="Link" value={slide.link} onChange={(link) => setSlide({ link })} error={error(`data.slides.${i}.link`)} />
            <TextField
              label="Alt text"
              value={slide.alt ?? ''}
              onChange={(e) => setSlide({ alt: orNone(e.target.value) })}
              error={error(`data.slides.${i}.alt`)}
              hint="What the image shows, for screen readers"
            />
          </>
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Aspect"
          value={block.settings.aspect === undefined ? '' : String(block.settings.aspect)}
          onChange={(e) => setSettings({ aspect: orNone(e.target.value) })}
          error={error('settings.aspect')}
          hint="Width/height, like 16/5"
        />
        <div className="flex flex-col gap-1.5">
          <TextField
            label="Background colour"
            value={bg}
            onChange={(e) => setSettings({ bgcolor: orNone(e.target.value) })}
            error={error('settings.bgcolor')}
            hint="Like #fff3e0; shows around the image"
          />
          <input
            type="color"
            aria-label="Pick the background colour"
            value={/^#[0-9a-f]{6}$/i.test(bg) ? bg : '#ffffff'}
            onChange={(e) => setSettings({ bgcolor: orNone(e.target.value) })}
            className="h-8 w-16 cursor-pointer rounded border border-border"
          />
        </div>
      </div>
      <Check
        label="Full page width"
        hint="Edge to edge instead of inside the page margins"
        checked={block.settings.fullpage === true}
        onChange={(fullpage) => setSettings({ fullpage })}
      />
      <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Slides shown at once</legend>
        <NumberField label="Phones" min={1} max={8} value={config.sm} onChange={(sm) => setConfig({ sm })} error={error('settings.slidesconfig.sm')} />
        <NumberField label="Tablets" min={1} max={8} value={config.md} onChange={(md) => setConfig({ md })} error={error('settings.slidesconfig.md')} />
        <NumberField
          label="Desktops"
          min={1}
          max={8}
          value={config.columns}
          onChange={(columns) => setConfig({ columns })}
          error={error('settings.slidesconfig.columns')}
        />
        <NumberField
          label="Autoplay every (ms)"
          min={1000}
          max={60000}
          value={config.autoplayInterval}
          onChange={(autoplayInterval) => setConfig({ autoplayInterval })}
          error={error('settings.slidesconfig.autoplayInterval')}
          hint="Empty: no autoplay"
        />
      </fieldset>
    </>
  )
}
