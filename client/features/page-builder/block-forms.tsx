import { lazy, type ReactNode, Suspense } from 'react'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../../staff/ui/staff-icons'
import { SingleImageField } from '../../staff/form/single-image-field'
import { type EditorBlock, moveItem, type Props } from './editor-state'

/**
 * Each block's settings, one form per block type (the props of common/contracts/page-blocks.ts). Messages come
 * from that schema by field path, so what the form shows is what a save would answer.
 */

export interface BlockFormProps {
  block: EditorBlock
  onChange: (block: EditorBlock) => void
  /** field path under this block ('data.slides.0.link') → message */
  error: (path: string) => string | undefined
}

type Part = 'data' | 'settings' | 'logicdata'

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v))
const list = (v: unknown): Props[] => (Array.isArray(v) ? (v as Props[]) : [])
const numOrUndefined = (s: string) => (s.trim() === '' || Number.isNaN(Number(s)) ? undefined : Number(s))
const slugs = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '')
const toSlugs = (s: string) => {
  const items = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  return items.length ? items : undefined
}

function useSetter({ block, onChange }: BlockFormProps) {
  return (part: Part, key: string, value: unknown) => {
    const next = { ...block[part] }
    if (value === undefined || value === '') delete next[key]
    else next[key] = value
    onChange({ ...block, [part]: next })
  }
}

export function BlockForm(props: BlockFormProps) {
  const { block, onChange, error } = props
  const Form = FORMS[block.type]
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Block name"
        hint="For you and screen readers; shoppers see the title"
        value={block.name}
        onChange={(e) => onChange({ ...block, name: e.target.value })}
        error={error('name')}
        required
      />
      {Form ? <Form {...props} /> : <p className="text-sm text-muted">This block type has no settings here.</p>}
    </div>
  )
}

function TitleField(props: BlockFormProps & { label?: string }) {
  const set = useSetter(props)
  return (
    <TextField
      label={props.label ?? 'Title'}
      value={str(props.block.data.title)}
      onChange={(e) => set('data', 'title', e.target.value)}
      error={props.error('data.title')}
    />
  )
}

function LinkField({ label, value, onChange, error, hint }: { label: string; value: unknown; onChange: (v: string) => void; error?: string; hint?: string }) {
  return (
    <TextField
      label={label}
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint ?? 'A shop address like /products?c=sweets, or https://…'}
      inputMode="url"
      spellCheck={false}
    />
  )
}

function Check({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </span>
    </label>
  )
}

function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
}: {
  label: string
  value: unknown
  onChange: (v: number | undefined) => void
  error?: string
  hint?: string
  min?: number
  max?: number
}) {
  return (
    <TextField
      label={label}
      type="number"
      min={min}
      max={max}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(numOrUndefined(e.target.value))}
      error={error}
      hint={hint}
    />
  )
}

/** A list of items (slides, tiles): add, remove, move up and down. */
function ItemList({
  label,
  items,
  onChange,
  make,
  render,
  itemLabel,
  error,
}: {
  label: string
  items: Props[]
  onChange: (items: Props[]) => void
  make: () => Props
  render: (item: Props, set: (key: string, value: unknown) => void, index: number) => ReactNode
  itemLabel: (i: number) => string
  error?: string
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {error && <p className="text-sm text-danger">{error}</p>}
      {items.length === 0 && <p className="text-sm text-muted">None yet.</p>}
      {items.map((item, i) => {
        const set = (key: string, value: unknown) => {
          const next = { ...item }
          if (value === undefined || value === '') delete next[key]
          else next[key] = value
          onChange(items.map((x, j) => (j === i ? next : x)))
        }
        return (
          <div key={i} className="flex flex-col gap-3 rounded-md bg-background p-3">
            <div className="flex items-center gap-1">
              <span className="mr-auto text-sm font-medium">{itemLabel(i)}</span>
              <Button
                size="icon"
                variant="ghost"
                className="size-8"
                aria-label={`Move ${itemLabel(i)} up`}
                disabled={i === 0}
                onClick={() => onChange(moveItem(items, i, i - 1))}
              >
                <ArrowUpIcon className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-8"
                aria-label={`Move ${itemLabel(i)} down`}
                disabled={i === items.length - 1}
                onClick={() => onChange(moveItem(items, i, i + 1))}
              >
                <ArrowDownIcon className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                className="size-8 text-danger"
                aria-label={`Remove ${itemLabel(i)}`}
                onClick={() => onChange(items.filter((_, j) => j !== i))}
              >
                <TrashIcon className="size-4" />
              </Button>
            </div>
            {render(item, set, i)}
          </div>
        )
      })}
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange([...items, make()])}>
        <PlusIcon className="size-4" /> Add {itemLabel(items.length).replace(/ \d+$/, '').toLowerCase()}
      </Button>
    </fieldset>
  )
}

function HeroBannerForm(props: BlockFormProps) {
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

/** Tiptap/ProseMirror (≈ 410 KB, 135 KB gzip) loads when a Text block is opened, not with the editor (decision 0032). */
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })))

function RichTextForm(props: BlockFormProps) {
  const set = useSetter(props)
  return (
    <>
      <TitleField {...props} label="Title (optional)" />
      <Suspense fallback={<Spinner label="Loading the text editor" />}>
        <RichTextEditor label="Text" value={str(props.block.data.html)} onChange={(html) => set('data', 'html', html)} error={props.error('data.html')} />
      </Suspense>
    </>
  )
}

const SORTS = [
  { value: 'popularity', label: 'Most popular' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Lowest price' },
]

function ProductCarouselForm(props: BlockFormProps) {
  const { block, error } = props
  const set = useSetter(props)
  return (
    <>
      <TitleField {...props} />
      <LinkField label="“View all” link" value={block.data.link} onChange={(v) => set('data', 'link', v)} error={error('data.link')} />
      <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Which products</legend>
        <TextField
          label="Categories"
          value={slugs(block.logicdata.c)}
          onChange={(e) => set('logicdata', 'c', toSlugs(e.target.value))}
          error={error('logicdata.c')}
          hint="Category addresses, separated by commas (sweets, dry-fruits); empty: every category"
          spellCheck={false}
        />
        <TextField
          label="Brands"
          value={slugs(block.logicdata.b)}
          onChange={(e) => set('logicdata', 'b', toSlugs(e.target.value))}
          error={error('logicdata.b')}
          hint="Brand addresses, separated by commas; empty: every brand"
          spellCheck={false}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Order"
            options={SORTS}
            placeholder={null}
            value={str(block.logicdata.s) || 'popularity'}
            onChange={(e) => set('logicdata', 's', e.target.value)}
          />
          <NumberField
            label="How many"
            min={1}
            max={24}
            value={block.logicdata.limit}
            onChange={(v) => set('logicdata', 'limit', v)}
            error={error('logicdata.limit')}
          />
        </div>
      </fieldset>
    </>
  )
}

function CategoryCarouselForm(props: BlockFormProps) {
  const set = useSetter(props)
  return (
    <>
      <TitleField {...props} />
      <TextField
        label="Parent category"
        value={str(props.block.logicdata.parent)}
        onChange={(e) => set('logicdata', 'parent', e.target.value)}
        error={props.error('logicdata.parent')}
        hint="A category’s address to show its sub-categories; empty: the top-level categories"
        spellCheck={false}
      />
    </>
  )
}

function SupplierTilesForm(props: BlockFormProps) {
  const { block, error } = props
  const set = useSetter(props)
  return (
    <>
      <TitleField {...props} />
      <p className="text-sm text-muted">
        No tiles here: the block shows the website’s supplier tiles (Website Settings → Popup &amp; SEO) when “Show the supplier page” is on in Site.
      </p>
      <ItemList
        label="Tiles"
        items={list(block.data.items)}
        onChange={(items) => set('data', 'items', items)}
        make={() => ({ name: '' })}
        itemLabel={(i) => `Tile ${i + 1}`}
        error={error('data.items')}
        render={(item, setItem, i) => (
          <>
            <TextField label="Name" value={str(item.name)} onChange={(e) => setItem('name', e.target.value)} error={error(`data.items.${i}.name`)} required />
            <TextField label="Title" value={str(item.title)} onChange={(e) => setItem('title', e.target.value)} error={error(`data.items.${i}.title`)} />
            <LinkField label="Link" value={item.link} onChange={(v) => setItem('link', v)} error={error(`data.items.${i}.link`)} />
            <SingleImageField
              label="Avatar"
              value={str(item.avatar) || null}
              onChange={(v) => setItem('avatar', v ?? undefined)}
              error={error(`data.items.${i}.avatar`)}
            />
            <SingleImageField
              label="Image"
              value={str(item.image) || null}
              onChange={(v) => setItem('image', v ?? undefined)}
              error={error(`data.items.${i}.image`)}
            />
            <Check label="Show a border" checked={item.border === true} onChange={(v) => setItem('border', v)} />
          </>
        )}
      />
    </>
  )
}

const FORMS: Record<string, (props: BlockFormProps) => ReactNode> = {
  hero_banner: HeroBannerForm,
  rich_text: RichTextForm,
  product_carousel: ProductCarouselForm,
  category_carousel: CategoryCarouselForm,
  brand_carousel: (props) => <TitleField {...props} />,
  supplier_tiles: SupplierTilesForm,
}
