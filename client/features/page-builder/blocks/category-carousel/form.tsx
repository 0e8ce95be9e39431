import { TextField } from '../../../../ui/form-field'
import { TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, orNone, propSetters } from '../form-props'

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
      <TextField
        label="Parent category"
        value={block.logicdata.parent ?? ''}
        onChange={(e) => setLogic({ parent: orNone(e.target.value) })}
        error={error('logicdata.parent')}
        hint="A category’s address to show its sub-categories; empty: the top-level categories"
        spellCheck={false}
      />
    </>
  )
}
