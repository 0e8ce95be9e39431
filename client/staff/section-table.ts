import type { ComponentType, SVGProps } from 'react'
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

// The staff shell's sidebar: its areas and sections (the screens that fill them are in staff-screens.ts).

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
