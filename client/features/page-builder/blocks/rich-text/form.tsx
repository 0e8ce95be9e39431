import { lazy, Suspense } from 'react'
import { Spinner } from '../../../../ui/spinner'
import { str, TitleField } from '../form-fields'
import { type BlockFormProps, useSetter } from '../form-props'

/** Tiptap/ProseMirror (≈ 410 KB, 135 KB gzip) loads when a Text block is opened, not with the editor (decision 0032). */
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })))

export function RichTextForm(props: BlockFormProps) {
  const set = useSetter(props)
  return (
    <>
      <TitleField {...props} label="Title (optional)" />
      <Suspense fallback={<Spinner label="Loading the text editor" />}>
        <RichTextEditor label="Text" value={str(props.block.data.html)} onChange={(html) => set('data', 'html', html)} error={props.error('data.html')} />
      </Suspense>
    </>
  )
}
