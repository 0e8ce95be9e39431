import { LinkField, TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'
import { ProductChoiceFields } from '../product-choice'

export const productCarouselEditor: BlockEditor<'product_carousel'> = {
  label: 'Product carousel',
  description: 'A row of products from categories or brands',
  make: () => ({ name: 'Products', type: 'product_carousel', data: { title: 'Top picks' }, settings: {}, logicdata: { s: 'popularity', limit: 12 } }),
  Form: ProductCarouselForm,
}

function ProductCarouselForm(props: BlockFormProps<'product_carousel'>) {
  const { block, error } = props
  const { setData, setLogic } = propSetters(props)
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <LinkField label="“View all” link" value={block.data.link} onChange={(link) => setData({ link })} error={error('data.link')} />
      <ProductChoiceFields logic={block.logicdata} setLogic={setLogic} error={error} max={24} />
    </>
  )
}
