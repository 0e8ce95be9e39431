import { describe, expect, it } from 'vitest'
import { auditDiff } from './audit-diff'

describe('auditDiff', () => {
  it('lists only the fields that changed, readably', () => {
    expect(auditDiff({ name: 'Ravi', has_admin_access: true, version: 2 }, { name: 'Ravi', has_admin_access: false, version: 3 })).toEqual([
      { field: 'has admin access', before: 'yes', after: 'no' },
    ])
  })
  it('shows a created record’s fields against nothing, and nested values as JSON', () => {
    expect(auditDiff(null, { name: 'Rice', packs: [{ price: 90 }] })).toEqual([
      { field: 'name', before: '—', after: 'Rice' },
      { field: 'packs', before: '—', after: '[{"price":90}]' },
    ])
  })
})
