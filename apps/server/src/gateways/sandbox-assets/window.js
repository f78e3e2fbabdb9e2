/*
 * The sandbox payment window (window.html): shows the shop and the amount of a gateway order and
 * offers Pay, Fail payment and Cancel (Escape too). The outcome goes to the page that opened it
 * (checkout.js) by postMessage, addressed to that page's origin only. As in Razorpay's window, a
 * failed attempt leaves the window open: the buyer may pay after all, or cancel.
 * Tab wraps around its buttons: the opener's focus guards ask for the first or the last one.
 * Pay and fail are the buyer's own calls: they carry the shop's login token, which this window
 * (served from the shop's origin, and framed by it only) reads from the shop's localStorage.
 */
/* global window, document */
(function () {
  'use strict';

  var MESSAGE_SOURCE = 'pumpkart-sandbox';
  var params = new URLSearchParams(window.location.search);
  var orderId = params.get('order_id') || '';
  var parentOrigin = params.get('parent_origin') || window.location.origin;
  var base = window.location.pathname.replace(/\/window\/?$/, '');

  var payButton = document.getElementById('pay');
  var failButton = document.getElementById('fail');
  var cancelButton = document.getElementById('cancel');
  var statusText = document.getElementById('status');
  var amountText = document.getElementById('amount');
  var busy = false;
  var finished = false;

  var color = params.get('color');
  if (color && /^#[0-9a-fA-F]{3,8}$/.test(color)) document.documentElement.style.setProperty('--brand', color);
  if (params.get('name')) document.getElementById('shop').textContent = params.get('name');
  if (params.get('description')) {
    var description = document.getElementById('description');
    description.textContent = params.get('description');
    description.hidden = false;
  }

  var rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

  function post(message) {
    message.source = MESSAGE_SOURCE;
    if (window.parent && window.parent !== window) window.parent.postMessage(message, parentOrigin);
  }

  function setStatus(text, isError) {
    statusText.textContent = text;
    statusText.className = isError ? 'status error' : 'status';
  }

  function setPayable(payable) {
    payButton.disabled = !payable;
    failButton.disabled = !payable;
  }

  function buyerToken() {
    try {
      return window.localStorage.getItem('token');
    } catch {
      return null;
    }
  }

  function call(path) {
    var headers = { 'content-type': 'application/json' };
    var token = buyerToken();
    if (token) headers.authorization = 'Bearer ' + token;
    return fetch(base + path, {
      method: 'POST',
      headers: headers,
      body: JSON.stringify({ order_id: orderId }),
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.message) || 'The sandbox could not process this payment.');
        return body;
      });
    });
  }

  function dismiss() {
    if (busy || finished) return;
    finished = true;
    setStatus('Payment cancelled.', false);
    setPayable(false);
    post({ type: 'dismiss' });
  }

  function pay() {
    if (busy || finished) return;
    busy = true;
    setPayable(false);
    setStatus('Processing the payment…', false);
    call('/pay')
      .then(function (response) {
        finished = true;
        setStatus('Payment successful.', false);
        post({ type: 'success', response: response });
      })
      .catch(function (error) {
        setStatus(error.message, true);
      })
      .finally(function () {
        busy = false;
      });
  }

  function fail() {
    if (busy || finished) return;
    busy = true;
    setPayable(false);
    setStatus('Declining the payment…', false);
    call('/fail')
      .then(function (body) {
        setStatus('Payment failed: ' + body.error.description + ' You can try again.', true);
        post({ type: 'failed', error: body.error });
        setPayable(true);
        payButton.focus();
      })
      .catch(function (error) {
        setStatus(error.message, true);
      })
      .finally(function () {
        busy = false;
      });
  }

  /** The opener's focus guards ask for focus at one end of the window (Tab wraps around, as in a dialog). */
  function focusEnd(last) {
    var controls = [payButton, failButton, cancelButton].filter(function (control) {
      return !control.disabled;
    });
    var target = last ? controls[controls.length - 1] : controls[0];
    if (target) target.focus();
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data;
    if (data && data.source === MESSAGE_SOURCE && data.type === 'focus') focusEnd(Boolean(data.last));
  });

  payButton.addEventListener('click', pay);
  failButton.addEventListener('click', fail);
  cancelButton.addEventListener('click', dismiss);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      dismiss();
    }
  });

  if (!orderId) {
    setStatus('No order to pay: the window was opened without an order id.', true);
    return;
  }
  fetch(base + '/orders/' + encodeURIComponent(orderId))
    .then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.message) || 'This order could not be loaded.');
        return body;
      });
    })
    .then(function (order) {
      var amount = rupees.format(order.amount / 100);
      amountText.textContent = amount;
      payButton.textContent = 'Pay ' + amount;
      if (!params.get('name')) document.getElementById('shop').textContent = order.shopName;
      if (order.payable) {
        setStatus('', false);
        setPayable(true);
        payButton.focus();
      } else {
        setStatus('This order has already been paid or closed.', true);
        cancelButton.focus();
      }
    })
    .catch(function (error) {
      setStatus(error.message, true);
      cancelButton.focus();
    });
})();
