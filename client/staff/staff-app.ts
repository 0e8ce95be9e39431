import { lazyRoute } from '../lib/lazy-route'

/**
 * What the route table loads for any staff address, in one import(): the shell and the staff pages, each page
 * still in its own chunk. The shopper's entry then carries one loader for all of them, not one per page.
 */
export { StaffShell } from './staff-shell'

export const ADMIN_PAGES = {
  home: lazyRoute('routes/admin-home.tsx', () => import('../routes/admin-home').then((m) => m.AdminHomeRoute)),
  products: lazyRoute('routes/admin-products.tsx', () => import('../routes/admin-products').then((m) => m.AdminProductsRoute)),
  productNew: lazyRoute('routes/admin-product-new.tsx', () => import('../routes/admin-product-new').then((m) => m.AdminProductNewRoute)),
  product: lazyRoute('routes/admin-product.tsx', () => import('../routes/admin-product').then((m) => m.AdminProductRoute)),
  categories: lazyRoute('routes/admin-categories.tsx', () => import('../routes/admin-categories').then((m) => m.AdminCategoriesRoute)),
  brands: lazyRoute('routes/admin-brands.tsx', () => import('../routes/admin-brands').then((m) => m.AdminBrandsRoute)),
  search: lazyRoute('routes/admin-search.tsx', () => import('../routes/admin-search').then((m) => m.AdminSearchRoute)),
  catalogueCsv: lazyRoute('routes/admin-catalogue-csv.tsx', () => import('../routes/admin-catalogue-csv').then((m) => m.AdminCatalogueCsvRoute)),
  orders: lazyRoute('routes/admin-orders.tsx', () => import('../routes/admin-orders').then((m) => m.AdminOrdersRoute)),
  pickList: lazyRoute('routes/admin-pick-list.tsx', () => import('../routes/admin-pick-list').then((m) => m.AdminPickListRoute)),
  order: lazyRoute('routes/admin-order.tsx', () => import('../routes/admin-order').then((m) => m.AdminOrderRoute)),
  customers: lazyRoute('routes/admin-customers.tsx', () => import('../routes/admin-customers').then((m) => m.AdminCustomersRoute)),
  customer: lazyRoute('routes/admin-customer.tsx', () => import('../routes/admin-customer').then((m) => m.AdminCustomerRoute)),
  stock: lazyRoute('routes/admin-stock.tsx', () => import('../routes/admin-stock').then((m) => m.AdminStockRoute)),
  warehouses: lazyRoute('routes/admin-warehouses.tsx', () => import('../routes/admin-warehouses').then((m) => m.AdminWarehousesRoute)),
  warehouseNew: lazyRoute('routes/admin-warehouse.tsx', () => import('../routes/admin-warehouse').then((m) => m.AdminWarehouseNewRoute)),
  warehouse: lazyRoute('routes/admin-warehouse.tsx', () => import('../routes/admin-warehouse').then((m) => m.AdminWarehouseRoute)),
  coupons: lazyRoute('routes/admin-coupons.tsx', () => import('../routes/admin-coupons').then((m) => m.AdminCouponsRoute)),
  couponNew: lazyRoute('routes/admin-coupon.tsx', () => import('../routes/admin-coupon').then((m) => m.AdminCouponNewRoute)),
  coupon: lazyRoute('routes/admin-coupon.tsx', () => import('../routes/admin-coupon').then((m) => m.AdminCouponRoute)),
  delivery: lazyRoute('routes/admin-delivery.tsx', () => import('../routes/admin-delivery').then((m) => m.AdminDeliveryRoute)),
  payments: lazyRoute('routes/admin-payments.tsx', () => import('../routes/admin-payments').then((m) => m.AdminPaymentsRoute)),
  tax: lazyRoute('routes/admin-tax.tsx', () => import('../routes/admin-tax').then((m) => m.AdminTaxRoute)),
  staff: lazyRoute('routes/admin-staff.tsx', () => import('../routes/admin-staff').then((m) => m.AdminStaffRoute)),
  audit: lazyRoute('routes/admin-audit.tsx', () => import('../routes/admin-audit').then((m) => m.AdminAuditRoute)),
  agents: lazyRoute('routes/admin-agents.tsx', () => import('../routes/admin-agents').then((m) => m.AdminAgentsRoute)),
  analytics: lazyRoute('routes/admin-analytics.tsx', () => import('../routes/admin-analytics').then((m) => m.AdminAnalyticsRoute)),
  reports: lazyRoute('routes/admin-reports.tsx', () => import('../routes/admin-reports').then((m) => m.AdminReportsRoute)),
  pos: lazyRoute('routes/pos.tsx', () => import('../routes/pos').then((m) => m.PosRoute)),
  pbSite: lazyRoute('routes/page-builder-site.tsx', () => import('../routes/page-builder-site').then((m) => m.PageBuilderSiteRoute)),
  pbTheme: lazyRoute('routes/page-builder-theme.tsx', () => import('../routes/page-builder-theme').then((m) => m.PageBuilderThemeRoute)),
  pbNavigation: lazyRoute('routes/page-builder-navigation.tsx', () => import('../routes/page-builder-navigation').then((m) => m.PageBuilderNavigationRoute)),
  pbMenus: lazyRoute('routes/page-builder-menus.tsx', () => import('../routes/page-builder-menus').then((m) => m.PageBuilderMenusRoute)),
  pbPopupSeo: lazyRoute('routes/page-builder-popup-seo.tsx', () => import('../routes/page-builder-popup-seo').then((m) => m.PageBuilderPopupSeoRoute)),
  pages: lazyRoute('routes/page-builder-pages.tsx', () => import('../routes/page-builder-pages').then((m) => m.PageBuilderPagesRoute)),
  pageEditor: lazyRoute('routes/page-builder-page.tsx', () => import('../routes/page-builder-page').then((m) => m.PageBuilderPageRoute)),
  notFound: lazyRoute('routes/admin-not-found.tsx', () => import('../routes/admin-not-found').then((m) => m.AdminNotFoundRoute)),
}

export type AdminPage = keyof typeof ADMIN_PAGES
