import { TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'
import { ParentCategoryField } from '../parent-category-field'

export const categoryCarouselEditor: BlockEditor<'category_carousel'> = {
  label: 'Category carousel',
  description: 'Category tiles, top level or under one parent',
  make: () => ({ name: 'Categories', type: 'category_carousel', data: { title: 'Shop by category' }, settings: {}, logicdata: {} }),
  Form: CategoryCarouselForm,
}

function CategoryCarouselForm(props: BlockFormProps<'category_carousel'>) {
  const { block, error } = props
  const { setData, setLogic } = propSetters(props)
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <ParentCategoryField value={block.logicdata.parent} onChange={(parent) => setLogic({ parent })} error={error('logicdata.parent')} />
    </>
  )
}
