import { Button } from '../../ui/button'
import { rupees } from './cart-maths'
import { type PaperSize, Receipt, type ReceiptData, type Shop } from './receipt'
import { SendReceipt } from './send-receipt'

/** A sale just made: its change, print (80 mm or A4), send, and on to the next sale. */
export function SaleDone({
  receipt,
  shop,
  paper,
  online,
  onPrint,
  onNewSale,
}: {
  receipt: ReceiptData
  shop: Shop
  paper: PaperSize
  online: boolean
  onPrint: (size: PaperSize) => void
  onNewSale: () => void
}) {
  return (
    <div className="flex flex-1 flex-col overflow-y-auto">
      <div className="flex flex-wrap gap-2 p-3 print:hidden">
        <p role="status" className="w-full text-lg font-semibold">
          {receipt.order_number ? `Sale ${receipt.order_number} complete` : 'Sale kept offline'}
          {receipt.change > 0 && <span className="block text-2xl text-primary">Change due {rupees(receipt.change)}</span>}
        </p>
        <Button variant="outline" size="lg" onClick={() => onPrint('80mm')}>
          Print receipt
        </Button>
        <Button variant="outline" size="lg" onClick={() => onPrint('a4')}>
          Print A4
        </Button>
        <Button size="lg" onClick={onNewSale} autoFocus>
          New sale
        </Button>
        {receipt.order_number && online && <SendReceipt orderNumber={receipt.order_number} phone={receipt.customer_phone} />}
      </div>
      <div className="border-t border-border bg-background p-3 print:border-0 print:bg-white print:p-0">
        <Receipt data={receipt} shop={shop} paper={paper} />
      </div>
    </div>
  )
}
