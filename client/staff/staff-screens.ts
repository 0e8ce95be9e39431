import type { ComponentType, SVGProps } from 'react'
import type { Permission } from '../app/route-guard'
import { PURCHASE_SCREENS } from './purchase-screens'
import {
  BrandIcon,
  CardIcon,
  ChartIcon,
  DashboardIcon,
  FolderTreeIcon,
  GripIcon,
  HistoryIcon,
  LogIcon,
  OrdersIcon,
  PackageIcon,
  PeopleIcon,
  ReceiptIcon,
  SheetIcon,
  ShopperIcon,
  StockIcon,
  TagIcon,
  TruckIcon,
  WarehouseIcon,
} from './ui/staff-icons'

/**
 * The staff screens, each declared once (docs/decisions/0046-staff-screens-and-client-layout.md). The app's route
 * table (app/routes.ts) sends every address of a staff area to the staff app, which shows the screen of this table
 * that matches first; links are built with staffPath(path, …) (staff-paths.ts), the sidebars and the dashboard's
 * cards come from the sections below, the tab's title from `title`, the guard from `permission`.
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

export interface StaffSection {
  icon: ComponentType<SVGProps<SVGSVGElement>>
  /** what staff do there (its card on the dashboard) */
  description?: string
  /** its main action, offered on the dashboard */
  action?: { label: string; to: string }
}

/** The staff areas with a sidebar, by the address they live under (the counter has none). */
export const AREAS = [
  { name: 'Website Settings', path: '/page-builder' },
  { name: 'Administration', path: '/bos/admin' },
] as const

/** The sidebar sections in their order; each area's sidebar lists the sections whose first screen is in it. */
export const SECTIONS = {
  dashboard: { icon: DashboardIcon },
  orders: {
    icon: OrdersIcon,
    description: 'Today’s orders by status: confirm, pack, send out and mark delivered, or cancel with a reason; many at once from the list.',
    action: { label: 'Orders to pack', to: '/bos/admin/orders?status=confirmed' },
  },
  customers: {
    icon: ShopperIcon,
    description: 'The people who shop here: their orders, addresses and total spent; block someone from ordering, export or erase their data on request.',
  },
  khata: {
    icon: ReceiptIcon,
    description: 'Credit given to regular customers (udhaar): who owes what and for how long, credit limits, payments received and statements to print.',
  },
  messageLog: {
    icon: LogIcon,
    description: 'Sign-in codes and order updates sent to shoppers’ phones: to whom, on WhatsApp or SMS, whether each arrived, and its cost.',
  },
  products: {
    icon: PackageIcon,
    description: 'Add and edit products with their packs, prices and status; publish, unpublish, re-categorise or re-price many at once.',
    action: { label: 'Add a product', to: '/bos/admin/products/new' },
  },
  categories: { icon: FolderTreeIcon, description: 'The store’s menu: nest and order categories by dragging them, give each an image and an address.' },
  brands: { icon: BrandIcon, description: 'The brands products are sold under, with their logos.' },
  search: { icon: TagIcon, description: 'What shoppers searched for and found nothing, how often; add a synonym so the same words find the product.' },
  stock: {
    icon: StockIcon,
    description: 'Count, receive and write off stock per pack and warehouse, with a reason each time; see what is running low and every change.',
    action: { label: 'See low stock', to: '/bos/admin/stock?state=low' },
  },
  purchases: {
    icon: ReceiptIcon,
    description: 'Suppliers with their GSTIN, and their bills received into stock by batch with expiry; stock about to expire, marked down or written off.',
    action: { label: 'New purchase bill', to: '/bos/admin/purchases' },
  },
  warehouses: {
    icon: WarehouseIcon,
    description: 'The warehouses or stores that hold stock, their addresses and the pincodes each delivers to.',
    action: { label: 'Add a warehouse', to: '/bos/admin/warehouses/new' },
  },
  catalogueCsv: {
    icon: SheetIcon,
    description: 'Download the catalogue as a spreadsheet (products, packs, prices, stock), edit it, and import it back with a preview first.',
  },
  coupons: {
    icon: TagIcon,
    description: 'Percent or flat discounts with a minimum cart, limits, dates and the aisles or brands they cover; pause them and see how each was used.',
    action: { label: 'Add a coupon', to: '/bos/admin/coupons/new' },
  },
  delivery: {
    icon: TruckIcon,
    description: 'The pincodes each warehouse delivers to, delivery charges by cart value, delivery slots and holidays, and how full the coming slots are.',
  },
  payments: {
    icon: CardIcon,
    description: 'How shoppers pay: cash on delivery and its limit, and this website’s own Razorpay and Cashfree keys, with a test of each connection.',
  },
  tax: {
    icon: ReceiptIcon,
    description: 'The website’s GST registration as its tax invoices and credit notes show it: legal name, GSTIN, state, address and number prefixes.',
  },
  gst: {
    icon: SheetIcon,
    description: 'A month’s GSTR-1 for the GST portal (JSON and CSV), its GSTR-3B figures, and your sales and receipts for Tally.',
  },
  staff: {
    icon: PeopleIcon,
    description: 'Who can run this website and what each may do: add a person by mobile number or email with a role (manager, cashier, packer, …).',
  },
  agents: {
    icon: PeopleIcon,
    description: 'Orders your sales agents placed for their customers, revenue and commission side by side; the commission rates per category.',
  },
  audit: { icon: LogIcon, description: 'Every change staff made, who made it and when, with what it was before and after.' },
  reports: {
    icon: ChartIcon,
    description:
      'Sales by day, week or month; orders by channel and payment; best-selling products and categories; slot fill and coupon use; each as a CSV file.',
    action: { label: 'Last 30 days’ sales', to: '/bos/admin/reports' },
  },
  analytics: { icon: ChartIcon, description: 'Page views per day, the pages shoppers open most and what they search for; the errors their browsers met.' },
  pages: { icon: SheetIcon, description: 'The pages of the storefront by address: build them from blocks, preview, publish and roll back.' },
  site: { icon: ShopperIcon, description: 'Name, logo, favicon, description, font, cart and address.' },
  theme: { icon: TagIcon, description: 'Colour themes, the active one and a contrast check.' },
  navigation: { icon: HistoryIcon, description: 'Header and navbar templates, what the top bar shows, sizes.' },
  menus: { icon: GripIcon, description: 'Header and footer menus: add, nest and reorder items.' },
  popupSeo: { icon: SheetIcon, description: 'The promotional popup, search and sharing text, supplier tiles.' },
  messaging: {
    icon: ShopperIcon,
    description: 'WhatsApp and SMS: which are on, this website’s keys with a test, and each message’s templates with a preview.',
  },
} satisfies Record<string, StaffSection>

export type SectionName = keyof typeof SECTIONS

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
