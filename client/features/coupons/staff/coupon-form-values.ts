import type { output } from 'zod/v4/core'
import type { AdminCoupon, CreateCouponInput } from '../../../../common/contracts/admin-coupons'

/** What the inputs hold: text as typed ('' = none), turned into the call's body by `toInput`. */
export interface CouponFormValues {
  code: string
  description: string
  kind: 'percent' | 'flat'
  value: string
  min_cart: string
  max_discount: string
  usage_limit: string
  per_customer_limit: string
  starts_on: string
  ends_on: string
  first_order_only: boolean
  visible: boolean
  categories: string[]
  brands: string[]
}

export const FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'min_cart',
  'max_discount',
  'usage_limit',
  'per_customer_limit',
  'starts_on',
  'ends_on',
  'first_order_only',
  'visible',
  'categories',
  'brands',
]
export const REQUIRED = { code: 'Code', value: 'Value' }
export const LABELS: Record<string, string> = {
  code: 'Code',
  description: 'Description',
  kind: 'Type',
  value: 'Value',
  min_cart: 'Minimum cart',
  max_discount: 'Maximum discount',
  usage_limit: 'Total uses',
  per_customer_limit: 'Uses per shopper',
  starts_on: 'Start date',
  ends_on: 'End date',
  first_order_only: 'First order only',
  visible: 'Visible',
  categories: 'Categories',
  brands: 'Brands',
}

const num = (s: string) => (s.trim() === '' ? null : Number(s))
export const toInput = (v: CouponFormValues) => ({
  code: v.code,
  description: v.description,
  kind: v.kind,
  value: num(v.value) ?? Number.NaN,
  min_cart: num(v.min_cart) ?? 0,
  // a flat coupon gives its value: the (disabled) cap is not sent
  max_discount: v.kind === 'flat' ? null : num(v.max_discount),
  usage_limit: num(v.usage_limit),
  per_customer_limit: num(v.per_customer_limit),
  starts_on: v.starts_on || null,
  ends_on: v.ends_on || null,
  first_order_only: v.first_order_only,
  visible: v.visible,
  categories: v.categories,
  brands: v.brands,
})
const text = (n: number | null) => (n === null ? '' : String(n))
export const valuesOf = (c: AdminCoupon | null): CouponFormValues => ({
  code: c?.code ?? '',
  description: c?.description ?? '',
  kind: c?.kind ?? 'percent',
  value: c ? String(c.value) : '',
  min_cart: c && c.min_cart > 0 ? String(c.min_cart) : '',
  max_discount: text(c?.max_discount ?? null),
  usage_limit: text(c?.usage_limit ?? null),
  per_customer_limit: text(c?.per_customer_limit ?? null),
  starts_on: c?.starts_on ?? '',
  ends_on: c?.ends_on ?? '',
  first_order_only: c?.first_order_only ?? false,
  visible: c?.visible ?? true,
  categories: c?.categories ?? [],
  brands: c?.brands ?? [],
})
/** how a field reads in the 409 dialog */
export const shown = (v: CouponFormValues, field: string): string => {
  const value = v[field as keyof CouponFormValues]
  if (Array.isArray(value)) return value.join(', ') || 'All'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return value === '' ? '—' : String(value)
}

/** What a coupon may apply to: catalogue's categories (indented by depth) and brands, by slug; the route gives them. */
export interface CouponScope {
  categories: { value: string; label: string }[]
  brands: { value: string; label: string }[]
}

/** What a coupon's form sends (the create call's body; an edit adds the version). */
export type CouponBody = output<typeof CreateCouponInput>
