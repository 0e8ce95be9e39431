import sharp from 'sharp'
import { fixtureCsv, type StaffFixtures } from '../fixture-kit'

export const catalogue: StaffFixtures = {
  'GET /s/api/admin/products': async () => ({ url: '/s/api/admin/products?perPage=5&sort=-updated_at' }),
  'POST /s/api/admin/products': async (k) => ({
    url: '/s/api/admin/products',
    payload: { product_name: `Fixture ${k.unique()}`, brand: 'Kesar Valley', categories: ['rice'], packs: [{ pack_name: '1 kg', price: 90, act_price: 100 }] },
    status: 201,
  }),
  'GET /s/api/admin/products/:id': async (k) => ({ url: `/s/api/admin/products/${(await k.product()).product_id}`, foreign: true }),
  'PATCH /s/api/admin/products/:id': async (k) => {
    const p = await k.product()
    return { url: `/s/api/admin/products/${p.product_id}`, payload: { version: p.version, product_name: `Renamed ${k.unique()}` }, foreign: true }
  },
  'POST /s/api/admin/products/:id/duplicate': async (k) => ({
    url: `/s/api/admin/products/${(await k.product()).product_id}/duplicate`,
    payload: {},
    status: 201,
    foreign: true,
  }),
  'POST /s/api/admin/products/bulk': async (k) => ({
    url: '/s/api/admin/products/bulk',
    payload: { action: 'unpublish', ids: [(await k.product()).product_id] },
    foreign: true,
  }),
  'POST /s/api/admin/products/prices/preview': async (k) => ({
    url: '/s/api/admin/products/prices/preview',
    payload: { ids: [(await k.product()).product_id], kind: 'percent', value: -10 },
    foreign: true,
  }),
  'POST /s/api/admin/products/prices/apply': async (k) => ({
    url: '/s/api/admin/products/prices/apply',
    payload: { ids: [(await k.product()).product_id], kind: 'amount', value: -5 },
    foreign: true,
  }),
  'GET /s/api/admin/categories': async () => ({ url: '/s/api/admin/categories' }),
  'POST /s/api/admin/categories': async (k) => ({ url: '/s/api/admin/categories', payload: { name: `Aisle ${k.unique()}` }, status: 201 }),
  'PATCH /s/api/admin/categories/:id': async (k) => ({
    url: `/s/api/admin/categories/${(await k.category()).id}`,
    payload: { name: `Aisle ${k.unique()}` },
    foreign: true,
  }),
  'POST /s/api/admin/categories/:id/move': async (k) => ({
    url: `/s/api/admin/categories/${(await k.category()).id}/move`,
    payload: { parent_id: null, position: 0 },
    foreign: true,
  }),
  'DELETE /s/api/admin/categories/:id': async (k) => ({ url: `/s/api/admin/categories/${(await k.category()).id}`, foreign: true }),
  'GET /s/api/admin/brands': async () => ({ url: '/s/api/admin/brands?perPage=10' }),
  'POST /s/api/admin/brands': async (k) => ({ url: '/s/api/admin/brands', payload: { name: `Brand ${k.unique()}` }, status: 201 }),
  'PATCH /s/api/admin/brands/:id': async (k) => ({ url: `/s/api/admin/brands/${(await k.brand()).id}`, payload: { logo: '/cdn/brand.webp' }, foreign: true }),
  'GET /s/api/admin/search/synonyms': async () => ({ url: '/s/api/admin/search/synonyms' }),
  'POST /s/api/admin/search/synonyms': async (k) => ({
    url: '/s/api/admin/search/synonyms',
    payload: { term: `kit ${k.unique()}`, means: 'atta' },
    status: 201,
  }),
  'DELETE /s/api/admin/search/synonyms/:id': async (k) => ({ url: `/s/api/admin/search/synonyms/${(await k.synonym()).id}`, foreign: true }),
  'GET /s/api/admin/search/misses': async () => ({ url: '/s/api/admin/search/misses' }),
}

export const media: StaffFixtures = {
  'POST /s/api/admin/media': async () => ({
    url: '/s/api/admin/media',
    // a new image each time (a random colour), so each upload adds one
    payload: await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`,
      },
    })
      .png()
      .toBuffer(),
  }),
}

export const catalogueCsv: StaffFixtures = {
  'GET /s/api/admin/catalogue/export.csv': async () => ({ url: '/s/api/admin/catalogue/export.csv' }),
  'POST /s/api/admin/catalogue/import': async (k) => ({
    url: '/s/api/admin/catalogue/import?name=fixture.csv',
    payload: fixtureCsv(k.unique()),
    contentType: 'text/csv',
  }),
  'POST /s/api/admin/catalogue/import/:token/apply': async (k) => ({
    url: `/s/api/admin/catalogue/import/${await k.importToken()}/apply`,
    payload: {},
    foreign: true,
  }),
}

export const audit: StaffFixtures = {
  'GET /s/api/admin/messages': async () => ({ url: '/s/api/admin/messages' }),
  'GET /s/api/admin/audit': async () => ({ url: '/s/api/admin/audit?entity=product&perPage=5' }),
}

export const stock: StaffFixtures = {
  'GET /s/api/admin/stock': async () => ({ url: '/s/api/admin/stock?perPage=5&state=low&sort=-available' }),
  'PUT /s/api/admin/stock': async (k) => {
    const [p, w] = await Promise.all([k.product(), k.warehouse()])
    return { url: '/s/api/admin/stock', payload: { pack_id: p.packs[0].pack_id, warehouse_id: w.id, quantity: 12, reason: 'received' }, foreign: true }
  },
  'POST /s/api/admin/stock/adjust': async (k) => {
    const [p, w] = await Promise.all([k.product(), k.warehouse()])
    return {
      url: '/s/api/admin/stock/adjust',
      payload: { pack_id: p.packs[0].pack_id, warehouse_id: w.id, change: 4, reason: 'received', note: 'Morning delivery' },
      foreign: true,
    }
  },
  'PUT /s/api/admin/stock/packs/:id/threshold': async (k) => ({
    url: `/s/api/admin/stock/packs/${(await k.product()).packs[0].pack_id}/threshold`,
    payload: { low_stock_threshold: 8 },
    foreign: true,
  }),
  'GET /s/api/admin/stock/packs/:id/history': async (k) => ({ url: `/s/api/admin/stock/packs/${(await k.product()).packs[0].pack_id}/history`, foreign: true }),
  'GET /s/api/admin/warehouses': async () => ({ url: '/s/api/admin/warehouses' }),
  'GET /s/api/admin/warehouses/:id': async (k) => ({ url: `/s/api/admin/warehouses/${(await k.warehouse()).id}`, foreign: true }),
  'POST /s/api/admin/warehouses': async (k) => ({ url: '/s/api/admin/warehouses', payload: { name: `Store ${k.unique()}`, address: 'MG Road' }, status: 201 }),
  'PATCH /s/api/admin/warehouses/:id': async (k) => ({
    url: `/s/api/admin/warehouses/${(await k.warehouse()).id}`,
    payload: { address: 'Brigade Road' },
    foreign: true,
  }),
}
