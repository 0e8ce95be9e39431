import { PATTERNS, pathTo } from './paths'

/** Links to the staff screens (paths.ts has the patterns): staff code imports this module, never the shopper's entry. */
export * from './paths'

const none = {} as Record<string, never>

export const admin = () => PATTERNS.admin
export const adminProducts = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminProducts, none, search)
export const adminProductNew = () => PATTERNS.adminProductNew
export const adminProduct = (id: number) => pathTo(PATTERNS.adminProduct, { id })
export const adminCategories = () => PATTERNS.adminCategories
export const adminBrands = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminBrands, none, search)
export const adminSearch = () => pathTo(PATTERNS.adminSearch, none)
export const adminCatalogueCsv = () => PATTERNS.adminCatalogueCsv
export const adminStock = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminStock, none, search)
export const adminOrders = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminOrders, none, search)
export const adminPickList = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminPickList, none, search)
export const adminOrder = (id: number) => pathTo(PATTERNS.adminOrder, { id })
export const adminCustomers = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminCustomers, none, search)
export const adminCustomer = (id: number) => pathTo(PATTERNS.adminCustomer, { id })
export const adminWarehouses = () => PATTERNS.adminWarehouses
export const adminWarehouseNew = () => PATTERNS.adminWarehouseNew
export const adminWarehouse = (id: number) => pathTo(PATTERNS.adminWarehouse, { id })
export const adminCoupons = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminCoupons, none, search)
export const adminDelivery = () => PATTERNS.adminDelivery
export const adminCouponNew = () => PATTERNS.adminCouponNew
export const adminCoupon = (id: number) => pathTo(PATTERNS.adminCoupon, { id })
export const adminPayments = () => PATTERNS.adminPayments
export const adminTax = () => PATTERNS.adminTax
export const adminStaff = () => PATTERNS.adminStaff
export const adminAudit = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminAudit, none, search)
export const adminReports = (search?: URLSearchParams | string) => pathTo(PATTERNS.adminReports, none, search)
export const adminAgents = () => PATTERNS.adminAgents
export const adminAnalytics = () => PATTERNS.adminAnalytics
export const pageBuilderSite = () => PATTERNS.pageBuilderSite
export const pageBuilderTheme = () => PATTERNS.pageBuilderTheme
export const pageBuilderNavigation = () => PATTERNS.pageBuilderNavigation
export const pageBuilderMenus = () => PATTERNS.pageBuilderMenus
export const pageBuilderPopupSeo = () => PATTERNS.pageBuilderPopupSeo
export const pageBuilderPages = (search?: URLSearchParams | string) => pathTo(PATTERNS.pageBuilderPages, none, search)
/** The editor of the page at `url` ('/diwali-offers'). */
export const pageBuilderPage = (url: string) => pathTo(PATTERNS.pageBuilderPage, none, new URLSearchParams({ url }))
