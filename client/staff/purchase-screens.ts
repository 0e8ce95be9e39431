import type { StaffScreen } from './staff-screens'

/** The purchases area's screens (issue 33), in the order the menu shows them; spread into SCREENS (staff-screens.ts). */
export const PURCHASE_SCREENS = [
  {
    path: '/bos/admin/suppliers',
    title: 'Suppliers',
    section: 'purchases',
    permission: 'stock',
    load: () => import('../features/purchases/staff/supplier-list-view').then((m) => m.SupplierListView),
  },
  {
    path: '/bos/admin/purchases',
    title: 'New purchase bill',
    section: 'purchases',
    permission: 'stock',
    load: () => import('../features/purchases/staff/purchase-bill-view').then((m) => m.PurchaseBillView),
  },
  {
    path: '/bos/admin/purchase-orders',
    title: 'Purchase orders',
    section: 'purchases',
    permission: 'stock',
    load: () => import('../features/purchases/staff/purchase-orders-view').then((m) => m.PurchaseOrdersView),
  },
  {
    path: '/bos/admin/shelf-labels',
    title: 'Shelf labels',
    section: 'purchases',
    permission: 'stock',
    load: () => import('../features/purchases/staff/shelf-labels-view').then((m) => m.ShelfLabelsView),
  },
  {
    path: '/bos/admin/near-expiry',
    title: 'Near expiry',
    section: 'purchases',
    permission: 'stock',
    load: () => import('../features/purchases/staff/near-expiry-view').then((m) => m.NearExpiryView),
  },
  {
    path: '/bos/admin/margin',
    title: 'Margin and purchases',
    section: 'purchases',
    permission: 'reports',
    load: () => import('../features/purchases/staff/cost-reports-view').then((m) => m.CostReportsView),
  },
] as const satisfies readonly StaffScreen[]
