/** What other features use of the shop counter (docs/decisions/0013: a feature's public surface is its service.ts). */
export { qrWebhook } from './upi-qr'
export { POS_RECEIPT_OUTBOX, receiptMessage } from './send-receipt'
