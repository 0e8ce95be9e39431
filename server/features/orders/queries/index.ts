// The orders feature's queries, one file per idea; its modules import them all as `q`.
export * from './orders' // an order: its number, placing, finding, locking and changing its state
export * from './lines' // an order's lines, deliveries and timeline
export * from './payments' // payment attempts and the providers' webhook events
export * from './refunds' // refunds of captured payments
export * from './outbox' // messages to send after the transaction (confirmations), with leases
export * from './staff-list' // the staff's order list: filters, sorts, counts per status and the day's delivery windows
export * from './slot-lines' // the lines to pick for a delivery slot
export * from './handover' // a day's delivered cash-on-delivery orders, for the cash handover
export * from './buy-again' // the packs a shopper bought, with the days between their purchases (the buy-again shelf)
