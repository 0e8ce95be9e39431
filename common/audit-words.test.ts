import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_KINDS, auditAction, auditChanges, auditIds, auditRecord, fieldLabel, shopValue } from './audit-words'

const names = { orders: new Map([['41', 'SH-1042']]), products: new Map([['7', 'Basmati Rice']]) }

describe('audit log in shop words', () => {
  it('shows money in rupees, not paise', () => {
    expect(auditChanges({ price: 7000, cash_collected_paise: 12345 }, { price: 6550, cash_collected_paise: 0 })).toEqual([
      { field: 'Price', before: '₹70', after: '₹65.50' },
      { field: 'Cash collected', before: '₹123.45', after: '₹0' },
    ])
  })

  it('labels fields in the shop’s words and humanises unknown ones', () => {
    expect(fieldLabel('act_price')).toBe('MRP')
    expect(fieldLabel('has_admin_access')).toBe('Has admin access')
    expect(fieldLabel('brand_id')).toBe('Brand')
    expect(fieldLabel('credit_limit_paise')).toBe('Credit limit')
    expect(fieldLabel('deliveredAt')).toBe('Delivered at')
  })

  it('lists only the changed fields, before → after; bookkeeping is no change', () => {
    expect(auditChanges({ name: 'Ravi', has_admin_access: true, version: 2 }, { name: 'Ravi', has_admin_access: false, version: 3 })).toEqual([
      { field: 'Has admin access', before: 'yes', after: 'no' },
    ])
    expect(auditChanges({ status: 'packed', version: 1 }, { status: 'out_for_delivery', version: 2 })).toEqual([
      { field: 'Status', before: 'packed', after: 'out for delivery' },
    ])
    expect(auditChanges({ version: 1 }, { version: 2 })).toEqual([])
    expect(auditChanges({ payment_status: 'cod', delivery_person: null }, { payment_status: 'paid', delivery_person: { name: 'Ravi' } })).toEqual([
      { field: 'Payment', before: 'cash on delivery', after: 'paid' },
      { field: 'Delivery person: Name', before: '—', after: 'Ravi' },
    ])
  })

  it('spreads nested records and lists of records out by name, never as JSON', () => {
    const before = { name: 'Rice', packs: [{ pack_id: 3, pack_name: '1 kg', price: 7000, act_price: 8000 }], seo: { title: 'Rice' } }
    const after = {
      name: 'Rice',
      packs: [
        { pack_id: 3, pack_name: '1 kg', price: 6500, act_price: 8000 },
        { pack_id: 9, pack_name: '5 kg', price: 30000, act_price: 32000 },
      ],
      seo: { title: 'Sona rice' },
      tags: ['new', 'offer'],
    }
    const changes = auditChanges(before, after)
    expect(changes).toEqual([
      { field: '1 kg: Price', before: '₹70', after: '₹65' },
      { field: 'Seo: Title', before: 'Rice', after: 'Sona rice' },
      { field: '5 kg: Pack', before: '—', after: '5 kg' },
      { field: '5 kg: Price', before: '—', after: '₹300' },
      { field: '5 kg: MRP', before: '—', after: '₹320' },
      { field: 'Tags', before: '—', after: 'new, offer' },
    ])
    for (const c of changes) expect(`${c.before}${c.after}`).not.toMatch(/[{}[\]"]/)
    // Deeper than the log spreads out: still words, not JSON.
    const deep = auditChanges(null, { a: { b: { c: { d: { price_paise: 100, on: true } } } } })
    expect(deep).toEqual([{ field: 'A: B: C: D', before: '—', after: 'Price: ₹1; On: yes' }])
  })

  it('shows a created record against nothing and a deleted one as it was', () => {
    expect(auditChanges(null, { name: 'Atta', active: true })).toEqual([
      { field: 'Name', before: '—', after: 'Atta' },
      { field: 'Active', before: '—', after: 'yes' },
    ])
    expect(auditChanges({ name: 'Atta' }, null)).toEqual([{ field: 'Name', before: 'Atta', after: '—' }])
  })

  it('names orders by number and products by name; dates in India time', () => {
    expect(shopValue('order_id', 41, names)).toBe('SH-1042')
    expect(shopValue('product_id', '7', names)).toBe('Basmati Rice')
    expect(shopValue('order_id', 99, names)).toBe('order 99')
    expect(shopValue('delivered_at', '2026-11-22T13:35:00.000Z')).toBe('Nov 22, 2026, 7:05 PM')
    expect(shopValue('delivery_date', '2026-11-22')).toBe('Nov 22, 2026')
    expect(auditRecord('order', '41', names)).toBe('Order SH-1042')
    expect(auditRecord('staff', '4', names, { name: 'Meena' }, { name: 'Meena Packer' })).toBe('Staff Meena Packer')
    expect(auditRecord('category', '2', names, null, null)).toBe('Category #2')
    expect(auditRecord('product', '7', names)).toBe('Product Basmati Rice')
    expect(auditRecord('warehouse', '3', names)).toBe('Warehouse #3')
    expect(auditRecord('something_new', null)).toBe('Something new')
    expect(auditIds('order', '41', { lines: [{ product_id: 7 }] }, { order_id: 5 })).toEqual({ orders: ['41', '5'], products: ['7'] })
  })

  it('says the action in words', () => {
    expect(auditAction('product.update')).toBe('Product changed')
    expect(auditAction('order.out_for_delivery')).toBe('Order out for delivery')
    expect(auditAction('website.domain.add')).toBe('Website domain added')
    expect(auditAction('staff.roles')).toBe('Staff role changed')
  })

  it('has a filter name for every kind of record a staff write logs', () => {
    const found = new Set<string>()
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f)
        if (statSync(p).isDirectory()) walk(p)
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/entity: '([a-z_]+)'/g)) found.add(m[1])
      }
    }
    walk(join(__dirname, '../server'))
    expect(found.size).toBeGreaterThan(20)
    expect([...found].filter((kind) => !AUDIT_KINDS[kind])).toEqual([])
  })
})
