/*
 * Payment simulator: stands in for https://checkout.razorpay.com/v1/checkout.js (no real money moves).
 * Same contract: new Razorpay(options), .on('payment.failed', fn), .open(), .close(); options.handler gets
 * { razorpay_payment_id, razorpay_order_id, razorpay_signature }, options.modal.ondismiss runs on Cancel.
 * The signature is made by the simulator on the server; the key secret never reaches the page.
 */
(function () {
  'use strict'
  var script = document.currentScript
  var base = new URL('.', script ? script.src : location.href)

  function el(tag, attrs, children) {
    var node = document.createElement(tag)
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]) })
    ;(children || []).forEach(function (c) { node.append(c) })
    return node
  }

  function money(paise, currency) {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100)
  }

  function call(path, init) {
    return fetch(new URL(path, base), Object.assign({ credentials: 'same-origin', headers: { 'content-type': 'application/json' } }, init)).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body } })
    })
  }

  function ensureStyles() {
    if (document.getElementById('sim-styles')) return
    document.head.append(el('link', { id: 'sim-styles', rel: 'stylesheet', href: new URL('../sim.css', base).href }))
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options)
    if (!options || !options.key) throw new Error('Razorpay (simulator): options.key is required')
    this.options = options
    this.listeners = {}
    this.overlay = null
  }

  Razorpay.prototype.on = function (event, fn) {
    ;(this.listeners[event] = this.listeners[event] || []).push(fn)
    return this
  }

  Razorpay.prototype.emit = function (event, payload) {
    ;(this.listeners[event] || []).forEach(function (fn) { fn(payload) })
  }

  Razorpay.prototype.close = function () {
    if (this.overlay) this.overlay.remove()
    if (this.onKey) document.removeEventListener('keydown', this.onKey)
    this.overlay = null
  }

  Razorpay.prototype.dismiss = function () {
    this.close()
    var modal = this.options.modal || {}
    if (typeof modal.ondismiss === 'function') modal.ondismiss()
  }

  Razorpay.prototype.succeed = function (response) {
    var o = this.options
    this.close()
    if (o.callback_url && o.redirect) {
      // Razorpay POSTs the same three fields to callback_url in redirect mode.
      var form = el('form', { method: 'POST', action: o.callback_url })
      Object.keys(response).forEach(function (k) { form.append(el('input', { type: 'hidden', name: k, value: response[k] })) })
      document.body.append(form)
      form.submit()
    } else if (typeof o.handler === 'function') {
      o.handler(response)
    }
  }

  Razorpay.prototype.open = function () {
    var self = this
    var o = this.options
    if (this.overlay) return this
    ensureStyles()
    var status = el('p', { class: 'sim-status', role: 'status', 'aria-live': 'polite' }, ['Loading the order…'])
    var amount = el('dd', {}, ['…'])
    var pay = el('button', { type: 'button', class: 'sim-button sim-pay', 'data-sim': 'pay', disabled: '' }, ['Pay'])
    var fail = el('button', { type: 'button', class: 'sim-button sim-fail', 'data-sim': 'fail', disabled: '' }, ['Fail'])
    var cancel = el('button', { type: 'button', class: 'sim-button sim-cancel', 'data-sim': 'cancel' }, ['Cancel'])
    var who = (o.prefill && (o.prefill.contact || o.prefill.email)) || 'Test shopper'
    var dialog = el('div', { class: 'sim-modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'sim-title' }, [
      el('p', { class: 'sim-banner' }, ['Payment simulator — no real money']),
      el('h2', { id: 'sim-title', class: 'sim-title' }, [o.name || 'Razorpay checkout (simulated)']),
      o.description ? el('p', { class: 'sim-muted' }, [o.description]) : '',
      el('dl', { class: 'sim-facts' }, [el('dt', {}, ['Amount']), amount, el('dt', {}, ['Order']), el('dd', {}, [o.order_id || '—']), el('dt', {}, ['Paying as']), el('dd', {}, [who])]),
      status,
      el('div', { class: 'sim-actions' }, [pay, fail, cancel]),
    ])
    this.overlay = el('div', { class: 'sim-backdrop', 'data-sim': 'razorpay-checkout' }, [dialog])
    document.body.append(this.overlay)
    cancel.focus()

    function busy(on) { pay.disabled = fail.disabled = cancel.disabled = on }
    function attempt(outcome) {
      busy(true)
      status.textContent = outcome === 'success' ? 'Paying…' : 'Failing the payment…'
      call('pay', { method: 'POST', body: JSON.stringify({ key_id: o.key, order_id: o.order_id, outcome: outcome }) }).then(function (r) {
        if (r.ok && r.body.razorpay_payment_id) return self.succeed(r.body)
        busy(false)
        if (r.ok && r.body.error) {
          status.textContent = 'Payment failed. Try again, or cancel.'
          return self.emit('payment.failed', { error: r.body.error })
        }
        status.textContent = (r.body.error && r.body.error.description) || 'The simulator refused this payment.'
      }, function () {
        busy(false)
        status.textContent = 'Could not reach the payment simulator.'
      })
    }
    pay.addEventListener('click', function () { attempt('success') })
    fail.addEventListener('click', function () { attempt('failed') })
    cancel.addEventListener('click', function () { self.dismiss() })
    this.onKey = function (e) { if (e.key === 'Escape' && !cancel.disabled) self.dismiss() }
    document.addEventListener('keydown', this.onKey)

    call('order?key_id=' + encodeURIComponent(o.key) + '&order_id=' + encodeURIComponent(o.order_id || ''), { method: 'GET' }).then(function (r) {
      if (!r.ok) {
        status.textContent = (r.body.error && r.body.error.description) || 'Unknown order.'
        return
      }
      amount.textContent = money(r.body.amount, r.body.currency)
      pay.textContent = 'Pay ' + money(r.body.amount, r.body.currency)
      status.textContent = r.body.status === 'paid' ? 'This order is already paid.' : 'Choose what the payment should do.'
      if (r.body.status !== 'paid') busy(false)
      pay.focus()
    }, function () { status.textContent = 'Could not reach the payment simulator.' })
    return this
  }

  window.Razorpay = Razorpay
})()
