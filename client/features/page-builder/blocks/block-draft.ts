import * as z from 'zod/mini'
import type { PageDraft } from '../../../../common/contracts/admin-pages'
import { type BlockType, PageBlockInput, type PageBlockOf } from '../../../../common/contracts/page-blocks'

/** What a form holds while staff type: the contract's shape, any field possibly still missing (a save checks it). */
export type Draft<T> = T extends readonly (infer I)[] ? Draft<I>[] : T extends object ? { [K in keyof T]?: Draft<T[K]> } : T

/** A block of one type as the editor holds it, its props typed by that type's schema. */
export interface DraftBlock<T extends BlockType> {
  /** a key for React and drag and drop, not saved */
  key: string
  name: string
  type: T
  data: Draft<PageBlockOf<T>['data']>
  settings: Draft<PageBlockOf<T>['settings']>
  logicdata: Draft<PageBlockOf<T>['logicdata']>
}
export type DraftBlocks = { [T in BlockType]: DraftBlock<T> }
/** A block of a type the editor knows: a union on `type`, so checking the type tells its props. */
export type KnownBlock = DraftBlocks[BlockType]

type StoredProps = Record<string, unknown>
/**
 * A stored block that fits no block type's schema (a type this editor does not know, or props no save lets
 * through): kept as stored and sent back as it is, so the save names what is wrong. It can be renamed, moved or removed.
 */
export interface UnreadBlock {
  key: string
  name: string
  type: string
  unread: { data: StoredProps; settings: StoredProps; logicdata: StoredProps }
}

export type EditorBlock = KnownBlock | UnreadBlock

let counter = 0
export const newKey = () => `b${Date.now().toString(36)}${(++counter).toString(36)}`

const Props = z.catch(z.record(z.string(), z.unknown()), {})
const Unread = z.object({ name: z.catch(z.string(), ''), type: z.catch(z.string(), ''), data: Props, settings: Props, logicdata: Props })

/** A block of a saved draft (or an old version) as the editor holds it. */
export function readBlock(stored: PageDraft['components'][number]): EditorBlock {
  const known = z.safeParse(PageBlockInput, stored)
  if (known.success) {
    const { order: _order, ...block } = known.data
    return { key: newKey(), ...block }
  }
  const { name, type, ...unread } = z.parse(Unread, stored)
  return { key: newKey(), name, type, unread }
}

/** A block as a save sends it, before the contract checks it. */
export interface BlockInputDraft {
  name: string
  type: string
  order: number
  data: object
  settings: object
  logicdata: object
}

export function toBlockInput(block: EditorBlock, order: number): BlockInputDraft {
  const props = 'unread' in block ? block.unread : { data: block.data, settings: block.settings, logicdata: block.logicdata }
  return { name: block.name, type: block.type, order, ...props }
}
