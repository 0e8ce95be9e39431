/**
 * What other features use of messaging (issue #32): the messenger's seam, `app.messages.send({ websiteId, template,
 * to, vars })` (order updates, sign-in codes, khata reminders), and its types.
 */
export type { Messenger } from './messenger'
export { mayUpdate, optInAtCheckout } from './preferences'
