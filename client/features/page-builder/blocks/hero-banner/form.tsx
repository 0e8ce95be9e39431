import { TextField } from '../../../../ui/form-field'
import { SingleImageField } from '../../../admin/single-image-field'
import type { Props } from '../../editor-state'
import { Check, LinkField, list, NumberField, str, TitleField } from '../form-fields'
import { type BlockFormProps, useSetter } from '../form-props'
import { ItemList } from '../item-list'

export function HeroBannerForm(props: BlockFormProps) {
  const { block, error } = props
  const set = useSetter(props)
  const config = (block.settings.slidesconfig ?? {}) as Props
  const setConfig = (key: string, value: number | undefined) => {
    const next = { ...config }
    if (value === undefined) delete next[key]
    else next[key] = value
    set('settings', 'slidesconfig', Object.keys(next).length ? next : undefined)
  }
  const bg = str(block.settings.bgcolor)
  return (
    <>
      <TitleField {...props} label="Title (optional)" />
      <ItemList
        label="Slides"
        items={list(block.data.slides)}
        onChange={(slides) => set('data', 'slides', slides)}
        make={() => ({ image: '', link: '' })}
        itemLabel={(i) => `Slide ${i + 1}`}
        error={error('data.slides')}
        render={(slide, setSlide, i) => (
          <>
            <SingleImageField
              label="Image"
              value={str(slide.image) || null}
              onChange={(v) => setSlide('image', v ?? '')}
              error={error(`data.slides.${i}.image`)}
            />
            <SingleImageField
              label="Phone image (optional)"
              value={str(slide.image_sm) || null}
              onChange={(v) => setSlide('image_sm', v ?? undefined)}
              error={error(`data.slides.${i}.image_sm`)}
              hint="A taller image for small screens"
            />
            <LinkField label="Link" value={slide.link} onChange={(v) => setSlide('link', v)} error={error(`data.slides.${i}.link`)} />
            <TextField
              label="Alt text"
              value={str(slide.alt)}
              onChange={(e) => setSlide('alt', e.target.value)}
              error={error(`data.slides.${i}.alt`)}
              hint="What the image shows, for screen readers"
            />
          </>
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Aspect"
          value={str(block.settings.aspect)}
          onChange={(e) => set('settings', 'aspect', e.target.value)}
          error={error('settings.aspect')}
          hint="Width/height, like 16/5"
        />
        <div className="flex flex-col gap-1.5">
          <TextField
            label="Background colour"
            value={bg}
            onChange={(e) => set('settings', 'bgcolor', e.target.value)}
            error={error('settings.bgcolor')}
            hint="Like #fff3e0; shows around the image"
          />
          <input
            type="color"
            aria-label="Pick the background colour"
            value={/^#[0-9a-f]{6}$/i.test(bg) ? bg : '#ffffff'}
            onChange={(e) => set('settings', 'bgcolor', e.target.value)}
            className="h-8 w-16 cursor-pointer rounded border border-border"
          />
        </div>
      </div>
      <Check
        label="Full page width"
        hint="Edge to edge instead of inside the page margins"
        checked={block.settings.fullpage === true}
        onChange={(v) => set('settings', 'fullpage', v)}
      />
      <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Slides shown at once</legend>
        <NumberField label="Phones" min={1} max={8} value={config.sm} onChange={(v) => setConfig('sm', v)} error={error('settings.slidesconfig.sm')} />
        <NumberField label="Tablets" min={1} max={8} value={config.md} onChange={(v) => setConfig('md', v)} error={error('settings.slidesconfig.md')} />
        <NumberField
          label="Desktops"
          min={1}
          max={8}
          value={config.columns}
          onChange={(v) => setConfig('columns', v)}
          error={error('settings.slidesconfig.columns')}
        />
        <NumberField
          label="Autoplay every (ms)"
          min={1000}
          max={60000}
          value={config.autoplayInterval}
          onChange={(v) => setConfig('autoplayInterval', v)}
          error={error('settings.slidesconfig.autoplayInterval')}
          hint="Empty: no autoplay"
        />
      </fieldset>
    </>
  )
}
