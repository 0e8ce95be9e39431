import { GRID_LIMIT_MAX } from '../../../../../common/contracts/page-blocks'
import { NumberField, TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'
import { ParentCategoryField } from '../parent-category-field'

export const categoryGridEditor: BlockEditor<'category_grid'> = {
  label: 'Category grid',
  description: 'Category tiles in rows, 4 across on a phone',
  make: () => ({ name: 'Category tiles', type: 'category_grid', data: { title: 'Shop by category' }, settings: {}, logicdata: {} }),
  Form: CategoryGridForm,
}

function CategoryGridForm(props: BlockFormProps<'category_grid'>) {
  const { block, error } = props
  const { setData, setLogic } = propSetters(props)
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <ParentCategoryField value={block.logicdata.parent} onChange={(parent) => setLogic({ parent })} error={error('logicdata.parent')} />
      <NumberField
        label="At most"
        min={1}
        max={GRID_LIMIT_MAX}
        value={block.logicdata.limit}
        onChange={(limit) => setLogic({ limit })}
        error={error('logicdata.limit')}
        hint={`Empty: every one (up to ${GRID_LIMIT_MAX}); 8 or 12 fill whole rows of 4`}
      />
    </>
  )
}
