import type { SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { freshPhone, type StaffFixtures } from '../fixture-kit'

export const staff: StaffFixtures = {
  'GET /s/api/admin/dashboard': async () => ({ url: '/s/api/admin/dashboard' }),
  'GET /s/api/admin/dashboard/setup': async () => ({ url: '/s/api/admin/dashboard/setup' }),
  'GET /s/api/admin/analytics': async () => ({ url: '/s/api/admin/analytics?days=7' }),
  'GET /s/api/admin/client-errors': async () => ({ url: '/s/api/admin/client-errors' }),
  'GET /s/api/admin/monitoring': async () => ({ url: '/s/api/admin/monitoring' }),
  'PUT /s/api/admin/monitoring': async () => ({ url: '/s/api/admin/monitoring', payload: { dsn: 'https://key@o7.ingest.sentry.io/7' } }),
  'GET /s/api/admin/analytics/retention': async () => ({ url: '/s/api/admin/analytics/retention' }),
  'PUT /s/api/admin/analytics/retention': async () => ({ url: '/s/api/admin/analytics/retention', payload: { events_days: 90, errors_days: 30 } }),
  'GET /s/api/admin/agents': async () => ({ url: '/s/api/admin/agents' }),
  'GET /s/api/admin/commission-rules': async () => ({ url: '/s/api/admin/commission-rules' }),
  'PUT /s/api/admin/commission-rules': async (k) => ({
    url: '/s/api/admin/commission-rules',
    payload: { default_percent: 2.5, categories: [{ category_id: (await k.category()).id, percent: 4 }] },
    foreign: true,
  }),
  'GET /s/api/admin/staff': async () => ({ url: '/s/api/admin/staff?role=admin&q=a' }),
  'POST /s/api/admin/staff': async () => ({
    url: '/s/api/admin/staff',
    payload: { username: freshPhone(), name: 'Meena Packer', is_sales_agent: true },
    status: 201,
  }),
  'PATCH /s/api/admin/staff/:id': async (k) => ({
    url: `/s/api/admin/staff/${(await k.person()).user_id}`,
    payload: { has_admin_access: true },
    foreign: true,
  }),
  'GET /s/api/admin/staff-roles': async () => ({ url: '/s/api/admin/staff-roles' }),
  'POST /s/api/admin/staff-roles': async (k) => ({
    url: '/s/api/admin/staff-roles',
    payload: { name: `Fixture role ${k.unique()}`, permissions: { orders: 'read', stock: 'write' } },
    status: 201,
  }),
  'PUT /s/api/admin/staff-roles/:id': async (k) => ({
    url: `/s/api/admin/staff-roles/${(await k.customRole()).id}`,
    payload: { name: `Fixture role ${k.unique()}`, permissions: { catalogue: 'write' } },
    foreign: true,
  }),
  'DELETE /s/api/admin/staff-roles/:id': async (k) => ({ url: `/s/api/admin/staff-roles/${(await k.customRole()).id}`, foreign: true }),
}

export const pages: StaffFixtures = {
  'GET /s/api/admin/pages': async () => ({ url: '/s/api/admin/pages' }),
  'POST /s/api/admin/pages/preview': async (k) => ({
    url: '/s/api/admin/pages/preview',
    payload: { url: `/fixture-${k.unique()}`, components: [{ name: 'Hello', type: 'rich_text', data: { html: '<p>Hello</p>' } }] },
  }),
  'GET /s/api/admin/pages/draft': async (k) => ({ url: `/s/api/admin/pages/draft?url=${await k.draftPage()}` }),
  'GET /s/api/admin/pages/versions': async (k) => ({ url: `/s/api/admin/pages/versions?url=${await k.draftPage(true)}` }),
  'PUT /s/api/admin/pages': async (k) => ({
    url: '/s/api/admin/pages',
    payload: { url: `/fixture-${k.unique()}`, version: 0, components: [{ name: 'Hello', type: 'rich_text', data: { html: '<p>Hello</p>' } }] },
  }),
  'POST /s/api/admin/pages/publish': async (k) => ({ url: '/s/api/admin/pages/publish', payload: { url: await k.draftPage() }, foreign: true }),
  'POST /s/api/admin/pages/rollback': async (k) => ({
    url: '/s/api/admin/pages/rollback',
    payload: { url: await k.draftPage(true), number: 1 },
    foreign: true,
  }),
  'POST /s/api/admin/pages/unpublish': async (k) => ({ url: '/s/api/admin/pages/unpublish', payload: { url: await k.draftPage(true) }, foreign: true }),
  'DELETE /s/api/admin/pages': async (k) => ({ url: `/s/api/admin/pages?url=${await k.draftPage(true)}`, foreign: true }),
}

/** Each save sends back what the website has (the calls' own tests change things). */
export const siteSettings: StaffFixtures = {
  'GET /s/api/admin/site-settings': async () => ({ url: '/s/api/admin/site-settings' }),
  'PUT /s/api/admin/site-settings/site': async (k) => {
    const now = await k.siteEditor()
    const { name, logo, favicon, description, show_cart, show_supplier_page, webAddress } = now.site
    return {
      url: '/s/api/admin/site-settings/site',
      payload: { version: now.versions.site, name, logo, favicon, description, font_family: 'Inter', show_cart, show_supplier_page, webAddress },
    }
  },
  'PUT /s/api/admin/site-settings/theme': async (k) => {
    const now = await k.siteEditor()
    return { url: '/s/api/admin/site-settings/theme', payload: { version: now.versions.theme, ...now.theme } }
  },
  'PUT /s/api/admin/site-settings/navigation': async (k) => {
    const now = await k.siteEditor()
    return { url: '/s/api/admin/site-settings/navigation', payload: { ...now.navigation, version: now.versions.navigation } }
  },
  'PUT /s/api/admin/site-settings/menus': async (k) => {
    const now = await k.siteEditor()
    const strip = (items: SiteEditorAnswer['menus']['navs']): unknown[] =>
      items.map(({ slug: _, ...i }) => ({ ...i, children: i.value === '/categories' ? [] : strip(i.children) }))
    return { url: '/s/api/admin/site-settings/menus', payload: { version: now.versions.menus, navs: strip(now.menus.navs), footers: strip(now.menus.footers) } }
  },
  'PUT /s/api/admin/site-settings/popup-seo': async (k) => {
    const now = await k.siteEditor()
    return { url: '/s/api/admin/site-settings/popup-seo', payload: { version: now.versions.popup_seo, ...now.popup_seo } }
  },
}
