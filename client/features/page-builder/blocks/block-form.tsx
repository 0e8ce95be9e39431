import { TextField } from '../../../ui/form-field'
import type { BlockFormProps } from './form-props'
import { FORMS } from './forms'

export function BlockForm(props: BlockFormProps) {
  const { block, onChange, error } = props
  const Form = FORMS[block.type]
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Block name"
        hint="For you and screen readers; shoppers see the title"
        value={block.name}
        onChange={(e) => onChange({ ...block, name: e.target.value })}
        error={error('name')}
        required
      />
      {Form ? <Form {...props} /> : <p className="text-sm text-muted">This block type has no settings here.</p>}
    </div>
  )
}
