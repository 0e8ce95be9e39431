import type { ComponentType } from 'react'
import type { Permission } from '../app/route-guard'
import { PURCHASE_SCREENS } from './purchase-screens'
import type { SectionName } from './section-table'

/**
 * The staff screens, each declared once (docs/decisions/0046-staff-screens-and-client-layout.md). The app's route
 * table (app/routes.ts) sends every address of a staff area to the staff app, which shows the screen of this table
 * that matches first; links are built with staffPath(path, …) (staff-paths.ts), the sidebars and the dashboard's
 * cards come from the sections (section-table.ts), the tab's title from `title`, the guard from `permission`.
 */
export interface StaffScreen {
  /** its address (':id' parameters; '*' the rest of an area) */
  path: string
  /** another address it answers at */
  also?: string
  /** the browser tab's title (staff-title.tsx) */
  title: string
  /** who may open it (app/route-guard.ts) */
  permission: Permission
  /** its sidebar section; the section's link opens the section's first screen */
  section?: SectionName
  /** the screen's code, in its own chunk */
  load: () => Promise<ComponentType>
  /** the whole window, without the sidebar and top bar (the counter, opened in its own tab) */
  bare?: boolean
}

/** The table: the first screen whose `path` (or `also`) matches an address shows it. */
export const SCREENS = [
  // Administration (issue #10)
  {
    path: '/bos/admin',
    title: 'Dashboard',
    section: 'dashboard',
    permission: { all: ['orders', 'reports'] },
    load: () => import('../routes/admin-home').then((m) => m.AdminHomeRoute),
  },
  {
    path: '/bos/admin/products',
    title: 'Products',
    section: 'products',
    permission: 'catalogue',
    load: () => import('../features/catalogue/staff/product-list-view').then((m) => m.ProductListView),
  },
  {
    path: '/bos/admin/products/new',
    title: 'New product',
    section: 'products',
    permission: 'catalogue',
    load: () => import('../features/catalogue/staff/product-creator').then((m) => m.ProductCreator),
  },
  {
    path: '/bos/admin/products/:id',
    title: 'Product',
    section: 'products',
    permission: 'catalogue',
    load: () => import('../routes/admin-product').then((m) => m.AdminProductRoute),
  },
  {
    path: '/bos/admin/categories',
    title: 'Categories',
    section: 'categories',
    permission: 'catalogue',
    load: () => import('../features/catalogue/staff/category-tree-view').then((m) => m.CategoryTreeView),
  },
  {
    path: '/bos/admin/brands',
    title: 'Brands',
    section: 'brands',
    permission: 'catalogue',
    load: () => import('../features/catalogue/staff/brand-list-view').then((m) => m.BrandListView),
  },
  {
    path: '/bos/admin/search',
    title: 'Search',
    section: 'search',
    permission: 'catalogue',
    load: () => import('../features/catalogue/staff/search-view').then((m) => m.SearchView),
  },
  {
    path: '/bos/admin/catalogue/import-export',
    title: 'Import / export',
    section: 'catalogueCsv',
    permission: 'catalogue',
    load: () => import('../features/catalogue/staff/catalogue-csv-view').then((m) => m.CatalogueCsvView),
  },
  {
    path: '/bos/admin/orders',
    title: 'Orders',
    section: 'orders',
    permission: 'orders',
    load: () => import('../features/orders/staff/order-list-view').then((m) => m.OrderListView),
  },
  {
    path: '/bos/admin/orders/pick-list',
    title: 'Pick list',
    section: 'orders',
    permission: 'orders',
    load: () => import('../features/orders/staff/pick-list-view').then((m) => m.PickListView),
  },
  {
    path: '/bos/admin/orders/cash-handover',
    title: 'Cash handover',
    section: 'orders',
    permission: 'orders',
    load: () => import('../features/orders/staff/cash-handover-view').then((m) => m.CashHandoverView),
  },
  {
    path: '/bos/admin/orders/:id',
    title: 'Order',
    section: 'orders',
    permission: 'orders',
    load: () => import('../routes/admin-order').then((m) => m.AdminOrderRoute),
  },
  {
    path: '/bos/admin/customers',
    title: 'Customers',
    section: 'customers',
    permission: 'customers',
    load: () => import('../features/accounts/staff/customer-list-view').then((m) => m.CustomerListView),
  },
  {
    path: '/bos/admin/customers/:id',
    title: 'Customer',
    section: 'customers',
    permission: 'customers',
    load: () => import('../routes/admin-customer').then((m) => m.AdminCustomerRoute),
  },
  {
    path: '/bos/admin/khata',
    title: 'Khata',
    section: 'khata',
    permission: 'khata',
    load: () => import('../features/khata/staff/khata-list-view').then((m) => m.KhataListView),
  },
  {
    path: '/bos/admin/khata/:id',
    title: 'Khata statement',
    section: 'khata',
    permission: 'khata',
    load: () => import('../routes/admin-khata').then((m) => m.AdminKhataRoute),
  },
  {
    path: '/bos/admin/stock',
    title: 'Stock',
    section: 'stock',
    permission: 'stock',
    load: () => import('../features/stock/staff/stock-list-view').then((m) => m.StockListView),
  },
  ...PURCHASE_SCREENS,
  {
    path: '/bos/admin/warehouses',
    title: 'Warehouses',
    section: 'warehouses',
    permission: 'stock',
    load: () => import('../features/stock/staff/warehouse-list-view').then((m) => m.WarehouseListView),
  },
  {
    path: '/bos/admin/warehouses/new',
    title: 'New warehouse',
    section: 'warehouses',
    permission: 'stock',
    load: () => import('../routes/admin-warehouse').then((m) => m.AdminWarehouseNewRoute),
  },
  {
    path: '/bos/admin/warehouses/:id',
    title: 'Warehouse',
    section: 'warehouses',
    permission: 'stock',
    load: () => import('../routes/admin-warehouse').then((m) => m.AdminWarehouseRoute),
  },
  {
    path: '/bos/admin/coupons',
    title: 'Coupons',
    section: 'coupons',
    permission: 'coupons',
    load: () => import('../features/coupons/staff/coupon-list-view').then((m) => m.CouponListView),
  },
  {
    path: '/bos/admin/coupons/new',
    title: 'New coupon',
    section: 'coupons',
    permission: 'coupons',
    load: () => import('../routes/admin-coupon').then((m) => m.AdminCouponNewRoute),
  },
  {
    path: '/bos/admin/coupons/:id',
    title: 'Coupon',
    section: 'coupons',
    permission: 'coupons',
    load: () => import('../routes/admin-coupon').then((m) => m.AdminCouponRoute),
  },
  {
    path: '/bos/admin/delivery',
    title: 'Delivery',
    section: 'delivery',
    permission: 'delivery',
    load: () => import('../routes/admin-delivery').then((m) => m.AdminDeliveryRoute),
  },
  {
    path: '/bos/admin/messages',
    title: 'Message log',
    section: 'messageLog',
    permission: 'customers',
    load: () => import('../features/messages/staff/message-log-view').then((m) => m.MessageLogView),
  },
  {
    path: '/bos/admin/payments',
    title: 'Payments',
    section: 'payments',
    permission: 'tax',
    load: () => import('../features/payments/staff/payment-methods-view').then((m) => m.PaymentMethodsView),
  },
  {
    path: '/bos/admin/tax',
    title: 'Tax & invoices',
    section: 'tax',
    permission: 'tax',
    load: () => import('../features/invoices/staff/tax-settings-view').then((m) => m.TaxSettingsView),
  },
  {
    path: '/bos/admin/gst-returns',
    title: 'GST returns',
    section: 'gst',
    permission: { any: ['reports', 'tax'] },
    load: () => import('../features/invoices/staff/gst-returns-view').then((m) => m.GstReturnsView),
  },
  {
    path: '/bos/admin/staff',
    title: 'Staff',
    section: 'staff',
    permission: 'staff',
    load: () => import('../features/accounts/staff/staff-list-view').then((m) => m.StaffListView),
  },
  {
    path: '/bos/admin/staff/roles',
    title: 'Roles',
    section: 'staff',
    permission: 'staff',
    load: () => import('../features/accounts/staff/custom-roles-view').then((m) => m.CustomRolesView),
  },
  {
    path: '/bos/admin/agents',
    title: 'Sales agents',
    section: 'agents',
    permission: 'staff',
    load: () => import('../routes/admin-agents').then((m) => m.AdminAgentsRoute),
  },
  {
    path: '/bos/admin/audit',
    title: 'Audit log',
    section: 'audit',
    permission: 'admin',
    load: () => import('../routes/admin-audit').then((m) => m.AdminAuditRoute),
  },
  {
    path: '/bos/admin/reports',
    title: 'Reports',
    section: 'reports',
    permission: 'reports',
    load: () => import('../features/reports/reports-view').then((m) => m.ReportsView),
  },
  {
    path: '/bos/admin/analytics',
    title: 'Analytics',
    section: 'analytics',
    permission: 'reports',
    load: () => import('../features/analytics/staff/analytics-view').then((m) => m.AnalyticsView),
  },
  // Point of sale (issue #13, spec §2: admin, new tab): a counter screen without the sidebar.
  {
    path: '/pos',
    title: 'Point of sale',
    permission: 'counter',
    bare: true,
    load: () => import('../features/pos/pos-screen').then((m) => m.PosScreen),
  },
  // Website Settings (issue #12): the page builder and the site's settings, opened from Administration in a new tab.
  {
    path: '/page-builder/pages',
    also: '/page-builder',
    title: 'Pages',
    section: 'pages',
    permission: 'website',
    load: () => import('../features/page-builder/page-list-view').then((m) => m.PageListView),
  },
  {
    path: '/page-builder/pages/edit',
    title: 'Page',
    section: 'pages',
    permission: 'website',
    load: () => import('../routes/page-builder-page').then((m) => m.PageBuilderPageRoute),
  },
  {
    path: '/page-builder/site',
    title: 'Site',
    section: 'site',
    permission: 'website',
    load: () => import('../features/site-editor/site-view').then((m) => m.SiteView),
  },
  {
    path: '/page-builder/theme',
    title: 'Theme',
    section: 'theme',
    permission: 'website',
    load: () => import('../features/site-editor/theme-view').then((m) => m.ThemeView),
  },
  {
    path: '/page-builder/navigation',
    title: 'Navigation',
    section: 'navigation',
    permission: 'website',
    load: () => import('../features/site-editor/navigation-view').then((m) => m.NavigationView),
  },
  {
    path: '/page-builder/menus',
    title: 'Menus',
    section: 'menus',
    permission: 'website',
    load: () => import('../features/site-editor/menus-view').then((m) => m.MenusView),
  },
  {
    path: '/page-builder/popup-seo',
    title: 'Popup & SEO',
    section: 'popupSeo',
    permission: 'website',
    load: () => import('../features/site-editor/popup-seo-view').then((m) => m.PopupSeoView),
  },
  {
    path: '/page-builder/messaging',
    title: 'Messaging',
    section: 'messaging',
    // the website's provider keys: the tax and payment settings' area (decision 0049), in Website Settings' door
    permission: { all: ['website', 'tax'] },
    load: () => import('../features/messages/staff/messaging-settings-view').then((m) => m.MessagingSettingsView),
  },
  // Any other address of a staff area (an old bookmark, a typo).
  {
    path: '/bos/admin/*',
    also: '/page-builder/*',
    title: 'Not found',
    permission: 'admin',
    load: () => import('../routes/admin-not-found').then((m) => m.AdminNotFoundRoute),
  },
] as const satisfies readonly StaffScreen[]

/** The address of a screen that links can point at (patterns with '*' are no one screen's address). */
export type StaffPattern = Exclude<(typeof SCREENS)[number]['path'], `${string}*`>
