import { TextField } from '../../../../ui/form-field'
import { str, TitleField } from '../form-fields'
import { type BlockFormProps, useSetter } from '../form-props'

export function CategoryCarouselForm(props: BlockFormProps) {
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
