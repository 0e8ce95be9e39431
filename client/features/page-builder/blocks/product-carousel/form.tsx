import { SelectField } from '../../../../ui/select-field'
import { LinkField, NumberField, TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'
import { SlugPicker, useTaxonomyOptions } from '../slug-picker'

export const productCarouselEditor: BlockEditor<'product_carousel'> = {
  label: 'Product carousel',
  description: 'A row of products from categories or brands',
  make: () => ({ name: 'Products', type: 'product_carousel', data: { title: 'Top picks' }, settings: {}, logicdata: { s: 'popularity', limit: 12 } }),
  Form: ProductCarouselForm,
}

type Sort = NonNullable<BlockFormProps<'product_carousel'>['block']['logicdata']['s']>

const SORTS: { value: Sort; label: string }[] = [
  { value: 'popularity', label: 'Most popular' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Lowest price' },
]

function ProductCarouselForm(props: BlockFormProps<'product_carousel'>) {
  const { block, error } = props
  const { setData, setLogic } = propSetters(props)
  const lists = useTaxonomyOptions()
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <LinkField label="“View all” link" value={block.data.link} onChange={(link) => setData({ link })} error={error('data.link')} />
      <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Which products</legend>
        <SlugPicker
          label="Categories"
          noun="category"
          options={lists.categories}
          value={block.logicdata.c}
          onChange={(c) => setLogic({ c })}
          error={error('logicdata.c')}
          hint="None chosen: every category"
        />
        <SlugPicker
          label="Brands"
          noun="brand"
          options={lists.brands}
          value={block.logicdata.b}
          onChange={(b) => setLogic({ b })}
          error={error('logicdata.b')}
          hint="None chosen: every brand"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Order"
            options={SORTS}
            placeholder={null}
            value={block.logicdata.s ?? 'popularity'}
            onChange={(e) => setLogic({ s: SORTS.find((sort) => sort.value === e.target.value)?.value })}
          />
          <NumberField
            label="How many"
            min={1}
            max={24}
            value={block.logicdata.limit}
            onChange={(limit) => setLogic({ limit })}
            error={error('logicdata.limit')}
          />
        </div>
      </fieldset>
    </>
  )
}
