import { TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'

export const brandCarouselEditor: BlockEditor<'brand_carousel'> = {
  label: 'Brand carousel',
  description: 'The brands you sell, with logos',
  make: () => ({ name: 'Brands', type: 'brand_carousel', data: { title: 'Shop by brand' }, settings: {}, logicdata: {} }),
  Form: BrandCarouselForm,
}

function BrandCarouselForm(props: BlockFormProps<'brand_carousel'>) {
  const { setData } = propSetters(props)
  return <TitleField value={props.block.data.title} onChange={(title) => setData({ title })} error={props.error('data.title')} />
}
