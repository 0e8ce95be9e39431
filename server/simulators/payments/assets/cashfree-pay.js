/* Payment simulator: the buttons of the hosted Cashfree payment page. */
(function () {
  'use strict'
  var status = document.querySelector('[data-sim="status"]')
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-outcome]'))

  function busy(on) { buttons.forEach(function (b) { b.disabled = on }) }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      busy(true)
      status.textContent = 'Working…'
      fetch(location.pathname, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: button.getAttribute('data-outcome') }) })
        .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body } }) })
        .then(function (r) {
          if (r.ok && r.body.redirect) return location.assign(r.body.redirect)
          busy(false)
          status.textContent = r.ok ? 'Done: payment ' + r.body.payment_status + '. This order has no return_url.' : r.body.message || 'The simulator refused this payment.'
        }, function () {
          busy(false)
          status.textContent = 'Could not reach the payment simulator.'
        })
    })
  })
})()
