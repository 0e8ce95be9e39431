import { lazy, Suspense } from 'react'
import { Spinner } from '../../../../ui/spinner'
import { TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, orNone, propSetters } from '../form-props'

export const richTextEditor: BlockEditor<'rich_text'> = {
  label: 'Text',
  description: 'Headings, paragraphs, lists and links',
  make: () => ({ name: 'Text', type: 'rich_text', data: { html: '<p></p>' }, settings: {}, logicdata: {} }),
  Form: RichTextForm,
}

/** Tiptap/ProseMirror (≈ 410 KB, 135 KB gzip) loads when a Text block is opened, not with the editor (decision 0032). */
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })))

function RichTextForm(props: BlockFormProps<'rich_text'>) {
  const { block, error } = props
  const { setData } = propSetters(props)
  return (
    <>
      <TitleField label="Title (optional)" value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <Suspense fallback={<Spinner label="Loading the text editor" />}>
        <RichTextEditor label="Text" value={block.data.html ?? ''} onChange={(html) => setData({ html: orNone(html) })} error={error('data.html')} />
      </Suspense>
    </>
  )
}
