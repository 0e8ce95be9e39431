import type { EditorBlock } from '../editor-state'

/**
 * Each block's settings, one form per block type (the props of common/contracts/page-blocks.ts). Messages come
 * from that schema by field path, so what the form shows is what a save would answer.
 */

export interface BlockFormProps {
  block: EditorBlock
  onChange: (block: EditorBlock) => void
  /** field path under this block ('data.slides.0.link') → message */
  error: (path: string) => string | undefined
}

type Part = 'data' | 'settings' | 'logicdata'

export function useSetter({ block, onChange }: BlockFormProps) {
  return (part: Part, key: string, value: unknown) => {
    const next = { ...block[part] }
    if (value === undefined || value === '') delete next[key]
    else next[key] = value
    onChange({ ...block, [part]: next })
  }
}
