import type { PageDraft } from '../../../common/contracts/admin-pages'
import type { ConflictRow } from '../../staff/form/conflict-dialog'
import type { SaveConflict } from '../../staff/form/use-versioned-save'
import type { PageInputDraft } from './editor-state'

const FIELD_LABELS = {
  components: 'Blocks',
  css: 'CSS',
  show_navbar: 'Show navbar',
  show_sub_navbar: 'Show sub-navbar',
  show_footer: 'Show footer',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  seo_keyword: 'SEO keywords',
  schema_script: 'Schema (JSON-LD)',
} satisfies Partial<Record<keyof PageDraft & keyof PageInputDraft, string>>
type ConflictField = keyof typeof FIELD_LABELS
const isConflictField = (key: string): key is ConflictField => Object.hasOwn(FIELD_LABELS, key)

const summary = (v: readonly object[] | string | boolean | null) =>
  Array.isArray(v)
    ? `${v.length} block${v.length === 1 ? '' : 's'}`
    : typeof v === 'boolean'
      ? v
        ? 'Yes'
        : 'No'
      : v === null || v === undefined
        ? ''
        : String(v)

/** What they changed against what this editor has, as the conflict dialog shows it (blocks always listed). */
export function conflictRows(stale: SaveConflict<PageDraft> | null, mine: PageInputDraft): ConflictRow[] {
  if (!stale) return []
  return stale.changed
    .filter(isConflictField)
    .map((key) => ({ label: FIELD_LABELS[key], theirs: summary(stale.current[key]), mine: summary(mine[key]) }))
    .filter((row) => row.theirs !== row.mine || row.label === 'Blocks')
}
