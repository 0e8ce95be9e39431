/* Payment simulator demo: makes an order in the simulator and opens either provider's checkout. */
(function () {
  'use strict'
  var out = document.getElementById('sim-result')

  function show(state, value) {
    out.setAttribute('data-state', state)
    out.textContent = state + (value ? '\n' + JSON.stringify(value, null, 2) : '')
  }

  function order(provider) {
    return fetch('/sim/demo/order', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ provider: provider }) }).then(function (r) { return r.json() })
  }

  document.getElementById('pay-razorpay').addEventListener('click', function () {
    order('razorpay').then(function (o) {
      var rzp = new window.Razorpay({
        key: o.key_id,
        order_id: o.order_id,
        amount: o.amount,
        currency: 'INR',
        name: 'Simulator demo store',
        description: 'A test order',
        prefill: { contact: '9876500003' },
        handler: function (response) { show('paid', response) },
        modal: { ondismiss: function () { show('dismissed') } },
      })
      rzp.on('payment.failed', function (response) { show('failed', response.error) })
      rzp.open()
    })
  })

  document.getElementById('pay-cashfree').addEventListener('click', function () {
    order('cashfree').then(function (o) {
      window.Cashfree({ mode: 'sandbox' }).checkout({ paymentSessionId: o.payment_session_id, redirectTarget: '_self' })
    })
  })
})()
