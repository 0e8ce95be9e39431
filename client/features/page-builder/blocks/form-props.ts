import type { ReactNode } from 'react'
import type { BlockType } from '../../../../common/contracts/page-blocks'
import type { DraftBlock, DraftBlocks } from './block-draft'

/**
 * Each block's settings, one form per block type (the props of common/contracts/page-blocks.ts). Messages come
 * from that schema by field path, so what the form shows is what a save would answer.
 */
export interface BlockFormProps<T extends BlockType> {
  block: DraftBlocks[T]
  onChange: (block: DraftBlocks[T]) => void
  /** field path under this block ('data.slides.0.link') → message */
  error: (path: string) => string | undefined
}

/** A block type in the editor: its name and line on the palette, a new block of it, and its settings form. */
export interface BlockEditor<T extends BlockType> {
  label: string
  description: string
  make: () => Omit<DraftBlock<T>, 'key'>
  Form: (props: BlockFormProps<T>) => ReactNode
}

interface Props {
  data: object
  settings: object
  logicdata: object
}

/** A change to a block's props replaces the keys it names; a key set to undefined is not saved. */
export function propSetters<B extends Props>({ block, onChange }: { block: B; onChange: (block: B) => void }) {
  return {
    setData: (changes: Partial<B['data']>) => onChange({ ...block, data: { ...block.data, ...changes } }),
    setSettings: (changes: Partial<B['settings']>) => onChange({ ...block, settings: { ...block.settings, ...changes } }),
    setLogic: (changes: Partial<B['logicdata']>) => onChange({ ...block, logicdata: { ...block.logicdata, ...changes } }),
  }
}

/** An emptied text field saves no value. */
export const orNone = (text: string) => (text === '' ? undefined : text)
