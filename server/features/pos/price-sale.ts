import type { SalePreview, SalePreviewInput } from '../../../common/contracts/pos'
import { formatINR, toPaise, toRupees } from '../../../common/money'
import { fail, ok, type Result } from '../../platform/result'
import type { StaffCtx } from '../../platform/staff-write'
import * as coupons from '../coupons/service'
import type * as orders from '../orders/service'
import { packsForSale } from './queries/sales'

/**
 * Who may give how much off at the counter: staff with admin access up to this share of a line (or of the sale,
 * for the order discount); a superadmin of the website any discount. Never more than the line or the sale.
 */
const DISCOUNT_LIMIT_PERCENT = 20

export interface Priced extends Omit<orders.OrderLine, 'warehouseId'> {
  categoryId: number
  parentCategoryId: number | null
  brandId: number
  grossPaise: number
  lineDiscountPaise: number
  /** after both discounts */
  netPaise: number
}

export interface SaleCoupon {
  row: coupons.CouponRow
  paise: number
}

export const sumOf = (lines: Priced[], paise: (l: Priced) => number) => lines.reduce((s, l) => s + paise(l), 0)
/** what the lines come to after every discount */
export const netTotal = (lines: Priced[]) => sumOf(lines, (l) => l.netPaise)

/**
 * The lines at the pack's price, less the cashier's discounts under the role's limit: each line's own, then the
 * order discount shared over the lines.
 */
export async function priceLines(ctx: StaffCtx, input: SalePreviewInput): Promise<Result<Priced[]>> {
  const rows = await packsForSale(ctx.db, ctx.site.id, [...new Set(input.lines.map((l) => l.pack_id))])
  const byId = new Map(rows.map((r) => [r.packId, r]))
  const errors: Record<string, string> = {}
  const unlimited = ctx.user.superadmin
  const lines: Priced[] = []
  for (const [i, l] of input.lines.entries()) {
    const p = byId.get(l.pack_id)
    if (p?.status !== 'active') {
      errors[`lines.${i}.pack_id`] = p ? `${p.productName} is not for sale` : 'No such pack on this website'
      continue
    }
    const grossPaise = p.pricePaise * l.quantity
    const lineDiscountPaise = toPaise(l.discount ?? 0)
    if (lineDiscountPaise > grossPaise) errors[`lines.${i}.discount`] = `The discount cannot be more than the line (${formatINR(grossPaise)})`
    else if (!unlimited && lineDiscountPaise * 100 > grossPaise * DISCOUNT_LIMIT_PERCENT)
      errors[`lines.${i}.discount`] = `Discounts above ${DISCOUNT_LIMIT_PERCENT}% need a superadmin`
    lines.push({
      packId: p.packId,
      productId: p.productId,
      slug: p.slug,
      image: p.medias[0]?.src ?? '',
      productName: p.productName,
      packName: p.packName,
      quantity: l.quantity,
      pricePaise: p.pricePaise,
      mrpPaise: p.mrpPaise,
      categoryId: p.categoryId,
      parentCategoryId: p.parentCategoryId,
      brandId: p.brandId,
      grossPaise,
      lineDiscountPaise,
      netPaise: grossPaise - lineDiscountPaise,
    })
  }
  const subtotal = netTotal(lines)
  const orderDiscount = toPaise(input.discount ?? 0)
  if (orderDiscount > subtotal) errors.discount = `The discount cannot be more than the sale (${formatINR(subtotal)})`
  else if (!unlimited && orderDiscount * 100 > subtotal * DISCOUNT_LIMIT_PERCENT)
    errors.discount = `Discounts above ${DISCOUNT_LIMIT_PERCENT}% need a superadmin`
  if (Object.keys(errors).length) return fail('invalid', Object.values(errors)[0], errors)
  shareOff(lines, orderDiscount)
  return ok(lines)
}

/**
 * The website's coupon on the sale after the cashier's discounts, by the coupon's own rules (minimum, scope by
 * category and brand, cap: the rules the cart prices with). Dates and limits are checked again when it is used,
 * under the coupon's lock.
 */
export async function applyCoupon(ctx: StaffCtx, input: SalePreviewInput, lines: Priced[]): Promise<Result<SaleCoupon>> {
  const code = input.coupon_code!.trim()
  const row = await coupons.findCoupon(ctx, code)
  const refuse = (message: string) => fail('invalid', message, { coupon_code: message })
  if (!row) return refuse(coupons.unknownCoupon(code))
  if (!input.customer_phone && (row.perCustomerLimit !== null || row.firstOrderOnly))
    return refuse(`${row.code} is limited per customer: add the customer’s mobile number`)
  // dates and limits: a conflict like the same check under the coupon's lock later (409, as at checkout)
  const problem = await coupons.usageProblemFor({ ...ctx, user: null }, row)
  if (problem) return fail('conflict', `Coupon ${row.code}: ${problem}`, { coupon_code: problem })
  const rule = coupons.toRule(row)
  const scoped = lines.filter((l) => coupons.inScope(rule, l))
  const outcome = coupons.couponDiscount(rule, netTotal(lines), netTotal(scoped))
  const amountProblem = coupons.amountProblem(row, outcome)
  if (amountProblem || !outcome.ok) return refuse((amountProblem ?? `${row.code} does not apply`).replace('your cart', 'this sale'))
  shareOff(scoped, outcome.discountPaise)
  return ok({ row, paise: outcome.discountPaise })
}

/**
 * Takes `paise` off the lines by their value (the last line takes the rounding), so a return refunds what the line
 * really cost.
 */
function shareOff(lines: Priced[], paise: number) {
  const total = netTotal(lines)
  let left = paise
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : Math.floor((paise * l.netPaise) / Math.max(total, 1))
    l.netPaise -= share
    left -= share
  })
}

/**
 * What the cart comes to, priced by the very steps of a sale (the cashier's discounts under the role's limit, then
 * the coupon by its rules), so the payment dialog asks for the total the sale will take. Nothing is kept.
 */
export async function previewSale(ctx: StaffCtx, input: SalePreviewInput): Promise<Result<SalePreview>> {
  const priced = await priceLines(ctx, input)
  if (!priced.ok) return priced
  const lines = priced.value
  const itemsPaise = sumOf(lines, (l) => l.grossPaise)
  const discountPaise = itemsPaise - netTotal(lines)
  const coupon = input.coupon_code ? await applyCoupon(ctx, input, lines) : null
  if (coupon && !coupon.ok) return coupon
  return ok({
    items_total: toRupees(itemsPaise),
    discount: toRupees(discountPaise),
    coupon: coupon?.ok ? { code: coupon.value.row.code, discount: toRupees(coupon.value.paise) } : null,
    total: toRupees(netTotal(lines)),
  })
}
