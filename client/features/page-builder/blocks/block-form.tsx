import type { BlockType } from '../../../../common/contracts/page-blocks'
import { TextField } from '../../../ui/form-field'
import type { EditorBlock } from './block-draft'
import type { BlockFormProps } from './form-props'
import { formFor } from './forms'

interface BlockFormOf {
  block: EditorBlock
  onChange: (block: EditorBlock) => void
  /** field path under this block ('data.slides.0.link') → message */
  error: (path: string) => string | undefined
}

/** A block's name, then the settings form of its type. */
export function BlockForm({ block, onChange, error }: BlockFormOf) {
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
      {'unread' in block ? (
        <p className="text-sm text-muted">This block type has no settings here.</p>
      ) : (
        <TypeForm block={block} onChange={onChange} error={error} />
      )}
    </div>
  )
}

function TypeForm(props: BlockFormProps<BlockType>) {
  const Form = formFor(props.block.type)
  return <Form {...props} />
}
