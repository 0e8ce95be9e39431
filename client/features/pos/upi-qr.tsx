import { useEffect, useState } from 'react'
import { Spinner } from '../../ui/spinner'

/**
 * The fallback UPI QR (issue #13): a plain `upi://pay` link with the payee, the amount and a reference, drawn
 * by `qrcode` (loaded only when a UPI payment is taken). Any UPI app pays it, but nothing tells the counter it
 * was paid: the cashier checks the customer's screen and confirms by hand. The provider's dynamic QR, confirmed
 * by its webhook, can take this component's place with the same props.
 */
export function upiLink({ payee, name, amount, reference }: { payee: string; name: string; amount: number; reference: string }) {
  const q = new URLSearchParams({ pa: payee, pn: name, am: (amount / 100).toFixed(2), cu: 'INR', tr: reference, tn: `Bill ${reference}` })
  return `upi://pay?${q.toString().replace(/\+/g, '%20')}`
}

export function UpiQr({ link, label }: { link: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    setSvg(null)
    import('qrcode')
      .then((qr) => qr.toDataURL(link, { margin: 1, width: 256, errorCorrectionLevel: 'M' }))
      .then((s) => live && setSvg(s))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [link])
  if (failed) return <p className="text-sm text-danger">The QR could not be drawn. Ask the customer to pay to the UPI ID shown.</p>
  if (!svg) return <Spinner label="Drawing the QR" className="size-8 text-primary" />
  return <img src={svg} alt={label} width={224} height={224} className="size-56 rounded-md bg-white p-1 [image-rendering:pixelated]" />
}
