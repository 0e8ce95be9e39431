import type { ComponentType, SVGProps } from 'react'
import * as paths from '../lib/staff-paths'
import {
  BrandIcon,
  ChartIcon,
  CardIcon,
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

export interface StaffSection {
  label: string
  to: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  /** the section is current on this address and below it (Dashboard only on its own) */
  exact?: boolean
  /** what staff do there (the dashboard's cards) */
  description?: string
  /** the section's main action, offered on the dashboard */
  action?: { label: string; to: string }
}

/**
 * The sidebar of Administration: only the sections that exist (they join as they are built).
 */
export const ADMIN_SECTIONS: StaffSection[] = [
  { label: 'Dashboard', to: paths.admin(), icon: DashboardIcon, exact: true },
  {
    label: 'Orders',
    to: paths.adminOrders(),
    icon: OrdersIcon,
    description: 'Today’s orders by status: confirm, pack, send out and mark delivered, or cancel with a reason; many at once from the list.',
    action: { label: 'Orders to pack', to: paths.adminOrders('status=confirmed') },
  },
  {
    label: 'Customers',
    to: paths.adminCustomers(),
    icon: ShopperIcon,
    description: 'The people who shop here: their orders, addresses and total spent; block someone from ordering, export or erase their data on request.',
  },
  {
    label: 'Products',
    to: paths.adminProducts(),
    icon: PackageIcon,
    description: 'Add and edit products with their packs, prices and status; publish, unpublish, re-categorise or re-price many at once.',
    action: { label: 'Add a product', to: paths.adminProductNew() },
  },
  {
    label: 'Categories',
    to: paths.adminCategories(),
    icon: FolderTreeIcon,
    description: 'The store’s menu: nest and order categories by dragging them, give each an image and an address.',
  },
  {
    label: 'Brands',
    to: paths.adminBrands(),
    icon: BrandIcon,
    description: 'The brands products are sold under, with their logos.',
  },
  {
    label: 'Search',
    to: paths.adminSearch(),
    icon: TagIcon,
    description: 'What shoppers searched for and found nothing, how often; add a synonym so the same words find the product.',
  },
  {
    label: 'Stock',
    to: paths.adminStock(),
    icon: StockIcon,
    description: 'Count, receive and write off stock per pack and warehouse, with a reason each time; see what is running low and every change.',
    action: { label: 'See low stock', to: paths.adminStock('state=low') },
  },
  {
    label: 'Warehouses',
    to: paths.adminWarehouses(),
    icon: WarehouseIcon,
    description: 'The warehouses or stores that hold stock, their addresses and the pincodes each delivers to.',
    action: { label: 'Add a warehouse', to: paths.adminWarehouseNew() },
  },
  {
    label: 'Import / export',
    to: paths.adminCatalogueCsv(),
    icon: SheetIcon,
    description: 'Download the catalogue as a spreadsheet (products, packs, prices, stock), edit it, and import it back with a preview first.',
  },
  {
    label: 'Coupons',
    to: paths.adminCoupons(),
    icon: TagIcon,
    description: 'Percent or flat discounts with a minimum cart, limits, dates and the aisles or brands they cover; pause them and see how each was used.',
    action: { label: 'Add a coupon', to: paths.adminCouponNew() },
  },
  {
    label: 'Delivery',
    to: paths.adminDelivery(),
    icon: TruckIcon,
    description: 'The pincodes each warehouse delivers to, delivery charges by cart value, delivery slots and holidays, and how full the coming slots are.',
  },
  {
    label: 'Payments',
    to: paths.adminPayments(),
    icon: CardIcon,
    description: 'How shoppers pay: cash on delivery and its limit, and this website’s own Razorpay and Cashfree keys, with a test of each connection.',
  },
  {
    label: 'Tax & invoices',
    to: paths.adminTax(),
    icon: ReceiptIcon,
    description: 'The website’s GST registration as its tax invoices and credit notes show it: legal name, GSTIN, state, address and number prefixes.',
  },
  {
    label: 'Staff',
    to: paths.adminStaff(),
    icon: PeopleIcon,
    description: 'Who can run this website: give or take away admin access and the sales-agent role; add a person by mobile number or email.',
  },
  {
    label: 'Sales agents',
    to: paths.adminAgents(),
    icon: PeopleIcon,
    description: 'Orders your sales agents placed for their customers, revenue and commission side by side; the commission rates per category.',
  },
  {
    label: 'Audit log',
    to: paths.adminAudit(),
    icon: LogIcon,
    description: 'Every change staff made, who made it and when, with what it was before and after.',
  },
  {
    label: 'Reports',
    to: paths.adminReports(),
    icon: ChartIcon,
    description:
      'Sales by day, week or month; orders by channel and payment; best-selling products and categories; slot fill and coupon use; each as a CSV file.',
    action: { label: 'Last 30 days’ sales', to: paths.adminReports() },
  },
  {
    label: 'Analytics',
    to: paths.adminAnalytics(),
    icon: ChartIcon,
    description: 'Page views per day, the pages shoppers open most and what they search for; the errors their browsers met.',
  },
]

/** The sidebar of Website Settings (/page-builder, opened from Administration in a new tab). */
export const PAGE_BUILDER_SECTIONS: StaffSection[] = [
  {
    label: 'Pages',
    to: paths.pageBuilderPages(),
    icon: SheetIcon,
    description: 'The pages of the storefront by address: build them from blocks, preview, publish and roll back.',
  },
  { label: 'Site', to: paths.pageBuilderSite(), icon: ShopperIcon, description: 'Name, logo, favicon, description, font, cart and address.' },
  { label: 'Theme', to: paths.pageBuilderTheme(), icon: TagIcon, description: 'Colour themes, the active one and a contrast check.' },
  { label: 'Navigation', to: paths.pageBuilderNavigation(), icon: HistoryIcon, description: 'Header and navbar templates, what the top bar shows, sizes.' },
  { label: 'Menus', to: paths.pageBuilderMenus(), icon: GripIcon, description: 'Header and footer menus: add, nest and reorder items.' },
  { label: 'Popup & SEO', to: paths.pageBuilderPopupSeo(), icon: SheetIcon, description: 'The promotional popup, search and sharing text, supplier tiles.' },
]

export const isCurrentSection = (section: StaffSection, pathname: string) =>
  section.exact ? pathname === section.to : pathname === section.to || pathname.startsWith(`${section.to}/`)
