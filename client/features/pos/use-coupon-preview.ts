import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { previewSale, type SalePreviewInput } from '../../../common/contracts/pos'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { type CartLine, type cartTotals, toRupees } from './cart-maths'

/**
 * With a coupon, the server prices the cart as the sale will (only it knows the coupon's rules), so the payment
 * dialog asks for the total after the coupon and card or UPI can pay it exactly.
 * `due` is what the sale asks for: the server's total after the coupon, else the cart's own.
 */
export function useCouponPreview({
  lines,
  totals,
  coupon,
  phone,
  online,
}: {
  lines: CartLine[]
  totals: ReturnType<typeof cartTotals>
  coupon: string
  phone: string
  online: boolean
}) {
  const api = useApi()
  const previewBody = useMemo<SalePreviewInput | null>(() => {
    const code = coupon.trim()
    if (!code || lines.length === 0) return null
    return {
      lines: lines.map((l) => ({ pack_id: l.pack_id, quantity: l.quantity, ...(l.discount > 0 ? { discount: toRupees(l.discount) } : {}) })),
      ...(totals.orderDiscount > 0 ? { discount: toRupees(totals.orderDiscount) } : {}),
      coupon_code: code,
      ...(/^[6-9]\d{9}$/.test(phone) ? { customer_phone: phone } : {}),
    }
  }, [coupon, lines, totals.orderDiscount, phone])
  const [debouncedPreview, setDebouncedPreview] = useState<SalePreviewInput | null>(null)
  useEffect(() => {
    const t = setTimeout(() => setDebouncedPreview(previewBody), 350)
    return () => clearTimeout(t)
  }, [previewBody])
  const previewKey = JSON.stringify(previewBody)
  const preview = useQuery({
    queryKey: ['pos', 'preview', JSON.stringify(debouncedPreview)],
    queryFn: () => api.call(previewSale, { body: debouncedPreview! }),
    enabled: online && debouncedPreview !== null,
    retry: false,
    staleTime: 30_000,
  })
  const previewCurrent = previewBody !== null && JSON.stringify(debouncedPreview) === previewKey
  const couponPreview =
    previewCurrent && preview.data?.coupon ? { code: preview.data.coupon.code, paise: Math.round(preview.data.coupon.discount * 100) } : null
  const couponError = previewCurrent && preview.isError ? (fieldErrors(preview.error).coupon_code ?? errorText(preview.error)) : null
  const checkingCoupon = online && previewBody !== null && (!previewCurrent || preview.isFetching)
  const due = previewCurrent && preview.data ? Math.round(preview.data.total * 100) : totals.total
  return { couponPreview, couponError, checkingCoupon, due }
}
