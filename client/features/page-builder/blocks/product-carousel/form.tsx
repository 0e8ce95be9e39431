import { TextField } from '../../../../ui/form-field'
import { SelectField } from '../../../../ui/select-field'
import { LinkField, NumberField, str, TitleField } from '../form-fields'
import { type BlockFormProps, useSetter } from '../form-props'

const slugs = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '')
const toSlugs = (s: string) => {
  const items = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
  return items.length ? items : undefined
}

const SORTS = [
  { value: 'popularity', label: 'Most popular' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Lowest price' },
]

export function ProductCarouselForm(props: BlockFormProps) {
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
