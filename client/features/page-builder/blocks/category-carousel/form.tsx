import { Combobox } from '../../../../ui/combobox'
import { TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, propSetters } from '../form-props'
import { useTaxonomyOptions } from '../slug-picker'

export const categoryCarouselEditor: BlockEditor<'category_carousel'> = {
  label: 'Category carousel',
  description: 'Category tiles, top level or under one parent',
  make: () => ({ name: 'Categories', type: 'category_carousel', data: { title: 'Shop by category' }, settings: {}, logicdata: {} }),
  Form: CategoryCarouselForm,
}

const TOP = { value: '', label: 'The top-level categories' }

function CategoryCarouselForm(props: BlockFormProps<'category_carousel'>) {
  const { block, error } = props
  const { setData, setLogic } = propSetters(props)
  const { categories } = useTaxonomyOptions()
  const parent = block.logicdata.parent ?? ''
  // a parent the list no longer has (removed since) stays shown, so it can be changed
  const options = [
    TOP,
    ...categories,
    ...(parent && !categories.some((c) => c.value === parent) ? [{ value: parent, label: `${parent} (no longer in the list)` }] : []),
  ]
  const problem = error('logicdata.parent')
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Tiles of</span>
        <Combobox
          aria-label="Parent category"
          searchPlaceholder="Search the categories"
          options={options}
          value={parent}
          onChange={(slug) => setLogic({ parent: slug || undefined })}
        />
        {problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : (
          <p className="text-xs text-muted">A category shows its sub-categories; else the top-level categories</p>
        )}
      </div>
    </>
  )
}
