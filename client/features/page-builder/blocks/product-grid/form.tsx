import { GRID_LIMIT_MAX } from '../../../../../common/contracts/page-blocks'
import { LinkField, TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'
import { ProductChoiceFields } from '../product-choice'
import { ProductPicker } from '../product-picker'

export const productGridEditor: BlockEditor<'product_grid'> = {
  label: 'Product grid',
  description: 'Products in rows with Add to Cart, 2 across on a phone',
  make: () => ({ name: 'Product grid', type: 'product_grid', data: { title: 'Bestsellers' }, settings: {}, logicdata: { s: 'popularity', limit: 12 } }),
  Form: ProductGridForm,
}

function ProductGridForm(props: BlockFormProps<'product_grid'>) {
  const { block, error } = props
  const { setData, setLogic } = propSetters(props)
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <LinkField label="“View all” link" value={block.data.link} onChange={(link) => setData({ link })} error={error('data.link')} />
      <ProductChoiceFields
        logic={block.logicdata}
        setLogic={setLogic}
        error={error}
        max={GRID_LIMIT_MAX}
        limitHint="12 fills whole rows on phones and desktops"
      >
        <ProductPicker value={block.logicdata.p} onChange={(p) => setLogic({ p })} error={error('logicdata.p')} max={GRID_LIMIT_MAX} />
      </ProductChoiceFields>
    </>
  )
}
