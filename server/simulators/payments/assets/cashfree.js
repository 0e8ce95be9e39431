/*
 * Payment simulator: stands in for https://sdk.cashfree.com/js/v3/cashfree.js (no real money moves).
 * Same contract: Cashfree({ mode }).checkout({ paymentSessionId, redirectTarget }) goes to the hosted payment
 * page, which sends the browser back to the order's return_url; the promise answers { redirect } or { error }.
 */
(function () {
  'use strict'
  var script = document.currentScript
  var base = new URL('.', script ? script.src : location.href)

  function Cashfree(config) {
    var mode = config && config.mode
    if (mode !== 'sandbox' && mode !== 'production') throw new Error('Cashfree (simulator): mode must be "sandbox" or "production"')
    return {
      checkout: function (options) {
        var o = options || {}
        if (typeof o.paymentSessionId !== 'string' || !o.paymentSessionId) {
          return Promise.resolve({ error: { message: 'paymentSessionId is required', code: 'payment_session_id_invalid', type: 'invalid_request_error' } })
        }
        var url = new URL('pay/' + encodeURIComponent(o.paymentSessionId), base).href
        var target = o.redirectTarget || '_self'
        // _modal and inline elements become a full-page redirect here: the simulator has no embedded form.
        if (target === '_blank') window.open(url, '_blank', 'noopener')
        else if (target === '_top') window.top.location.assign(url)
        else window.location.assign(url)
        return Promise.resolve({ redirect: true })
      },
      version: function () { return 'simulator' },
    }
  }

  window.Cashfree = Cashfree
})()
