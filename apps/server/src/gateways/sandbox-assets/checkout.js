/*
 * PumpKart sandbox checkout (docs/decisions/0004-sandbox-payment-gateway.md): defines
 * window.Razorpay with the browser API of Razorpay Standard Checkout, so the shop's checkout code
 * runs unchanged against the built-in sandbox gateway:
 *
 *   const rzp = new Razorpay({ key, amount, currency, name, description, order_id, handler,
 *                              prefill, theme: { color }, modal: { ondismiss } });
 *   rzp.on('payment.failed', (response) => console.log(response.error));
 *   rzp.open();
 *
 * open() shows a full-screen overlay holding an iframe of the sandbox payment window (served by the
 * same server as this script). The window talks to this page with postMessage; messages are only
 * accepted from the window's origin and from that very iframe.
 *
 * While open the window is modal, as a dialog must be (docs/shop-rules.md#payments): every other
 * child of <body> is made inert, except those marked data-keep-active (the shop's notifications),
 * and exactly those get their state back on close; Tab and Shift+Tab stay in the window (a focus
 * guard on each side of the iframe sends focus back into it, and focus that lands anywhere else on
 * the page is brought back); on close focus returns to the element that opened it.
 */
/* global window, document */
(function () {
  'use strict';

  var MESSAGE_SOURCE = 'pumpkart-sandbox';
  var script = document.currentScript;
  var scriptUrl = new URL(
    script && script.src ? script.src : '/api/payments/sandbox/checkout.js',
    window.location.href,
  );
  var gatewayOrigin = scriptUrl.origin;
  var windowUrl = new URL('window', scriptUrl);

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new TypeError('Razorpay: options are required');
    if (!options.key) throw new TypeError('Razorpay: options.key is required');
    if (!options.order_id) throw new TypeError('Razorpay: options.order_id is required');
    this.options = options;
    this._handlers = {};
    this._overlay = null;
    this._iframe = null;
    this._onMessage = this._onMessage.bind(this);
    this._onKeyDown = this._onKeyDown.bind(this);
    this._onFocusIn = this._onFocusIn.bind(this);
    this._previousFocus = null;
    this._previousOverflow = '';
    this._madeInert = [];
  }

  var KEEP_ACTIVE_ATTRIBUTE = 'data-keep-active';

  /** Makes every other child of <body> inert; remembers which, so that close() undoes only those. */
  Razorpay.prototype._makePageInert = function () {
    var made = [];
    var children = document.body ? document.body.children : [];
    for (var i = 0; i < children.length; i += 1) {
      var child = children[i];
      if (child === this._overlay || child.inert || child.hasAttribute(KEEP_ACTIVE_ATTRIBUTE)) continue;
      if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') continue;
      child.inert = true;
      made.push(child);
    }
    this._madeInert = made;
  };

  Razorpay.prototype._restorePage = function () {
    for (var i = 0; i < this._madeInert.length; i += 1) this._madeInert[i].inert = false;
    this._madeInert = [];
  };

  /** Puts focus in the payment window: its first control, or its last when `fromEnd`. */
  Razorpay.prototype._focusWindow = function (fromEnd) {
    var frame = this._iframe;
    if (!frame) return;
    frame.focus();
    if (frame.contentWindow) {
      frame.contentWindow.postMessage({ source: MESSAGE_SOURCE, type: 'focus', last: Boolean(fromEnd) }, gatewayOrigin);
    }
  };

  /** Focus that lands on the page behind (a click, a script) comes back into the window. */
  Razorpay.prototype._onFocusIn = function (event) {
    if (!this._overlay) return;
    var target = event.target;
    if (target && target.nodeType === 1 && this._overlay.contains(target)) return;
    if (target && target.closest && target.closest('[' + KEEP_ACTIVE_ATTRIBUTE + ']')) return;
    this._focusWindow(false);
  };

  function focusGuard(onFocus) {
    var guard = document.createElement('span');
    guard.tabIndex = 0;
    guard.setAttribute('data-focus-guard', '');
    guard.style.cssText = 'position:fixed;width:1px;height:1px;overflow:hidden;opacity:0;';
    guard.addEventListener('focus', onFocus);
    return guard;
  }

  /** Registers a handler; the sandbox emits 'payment.failed'. */
  Razorpay.prototype.on = function (event, handler) {
    if (typeof handler !== 'function') return this;
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    var list = this._handlers[event] || [];
    for (var i = 0; i < list.length; i += 1) {
      try {
        list[i](payload);
      } catch (error) {
        setTimeout(function () {
          throw error;
        });
      }
    }
  };

  Razorpay.prototype.open = function () {
    if (this._overlay) return this;
    var options = this.options;
    var color = (options.theme && options.theme.color) || '#1d4ed8';

    var overlay = document.createElement('div');
    overlay.setAttribute('data-razorpay-sandbox', '');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Payment window');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;' +
      'background:rgba(15,23,42,0.6);padding:0;margin:0;';

    var frame = document.createElement('iframe');
    var query = new URLSearchParams({
      order_id: String(options.order_id),
      key: String(options.key),
      parent_origin: window.location.origin,
      color: String(color),
    });
    if (options.name) query.set('name', String(options.name));
    if (options.description) query.set('description', String(options.description));
    if (options.amount != null) query.set('amount', String(options.amount));
    frame.src = windowUrl.href + '?' + query.toString();
    frame.title = 'Sandbox payment window';
    frame.setAttribute('allow', 'payment');
    frame.style.cssText =
      'width:100%;height:100%;max-width:440px;max-height:640px;border:0;background:#fff;' +
      'border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,0.35);';

    // Tab past the window's last control (or Shift+Tab before its first) meets a guard, which hands
    // focus back to the other end of the window.
    overlay.appendChild(focusGuard(this._focusWindow.bind(this, true)));
    overlay.appendChild(frame);
    overlay.appendChild(focusGuard(this._focusWindow.bind(this, false)));
    this._overlay = overlay;
    this._iframe = frame;
    this._previousFocus = document.activeElement;
    this._previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.appendChild(overlay);
    this._makePageInert();
    window.addEventListener('message', this._onMessage);
    document.addEventListener('keydown', this._onKeyDown, true);
    document.addEventListener('focusin', this._onFocusIn, true);
    frame.focus();
    return this;
  };

  /** Closes the window without calling any handler (as Razorpay's close()). */
  Razorpay.prototype.close = function () {
    if (!this._overlay) return this;
    window.removeEventListener('message', this._onMessage);
    document.removeEventListener('keydown', this._onKeyDown, true);
    document.removeEventListener('focusin', this._onFocusIn, true);
    this._restorePage();
    if (this._overlay.parentNode) this._overlay.parentNode.removeChild(this._overlay);
    document.body.style.overflow = this._previousOverflow;
    this._overlay = null;
    this._iframe = null;
    var previous = this._previousFocus;
    if (previous && typeof previous.focus === 'function') previous.focus();
    return this;
  };

  Razorpay.prototype._dismiss = function () {
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype._onKeyDown = function (event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      this._dismiss();
    }
  };

  Razorpay.prototype._onMessage = function (event) {
    if (!this._iframe || event.origin !== gatewayOrigin || event.source !== this._iframe.contentWindow) return;
    var data = event.data;
    if (!data || data.source !== MESSAGE_SOURCE) return;
    if (data.type === 'success') {
      this.close();
      if (typeof this.options.handler === 'function') this.options.handler(data.response);
    } else if (data.type === 'failed') {
      // As Razorpay's: the window stays open after a failed attempt, so the buyer can try again.
      this._emit('payment.failed', { error: data.error });
    } else if (data.type === 'dismiss') {
      this._dismiss();
    }
  };

  window.Razorpay = Razorpay;
})();
