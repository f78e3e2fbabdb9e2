/**
 * The e-mail templates (docs/shop-rules.md#emails), rendered from the examples in templates/fixtures/: every
 * kind's subject, its order number, amounts in the storefront's price format, its links (as href values in the
 * HTML and as addresses in the text part), the facts each kind must tell, HTML-escaping of what users typed, that
 * every kind of e-mail has a template, and that the text part is React Email's own conversion of the HTML.
 */
import { toPlainText } from '@react-email/render';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MAIL_KIND_LABELS, MAIL_KINDS, type MailKind } from '@pumpkart/shared';
import type { MailMessage, MailMessageOf } from './messages';
import { renderMail, type MailContext } from './render';
import { MAIL_TEMPLATES } from './templates';
import { MAIL_FIXTURES, mailFixtureList } from './templates/fixtures';
import { FIXTURE_OUTLET_ID, FIXTURE_QUOTE_ID, FIXTURE_SERVICE_ID } from './templates/fixtures/business';
import { FIXTURE_ORDER_ID, FIXTURE_SHOP_URL, FIXTURE_STORE, fixtureOrder } from './templates/fixtures/order';

const ORDER_URL = `${FIXTURE_SHOP_URL}/order/${FIXTURE_ORDER_ID}`;
const ADMIN_ORDERS_URL = `${FIXTURE_SHOP_URL}/admin/orders`;
const RESET_URL = MAIL_FIXTURES['password-reset'].message.resetUrl;
const TRACKING_URL = 'https://www.bluedart.com/tracking?awb=7781224509';

/** What every order e-mail shows of the example order: its lines, money, address (docs/shop-rules.md#orders). */
const ORDER_FACTS = [
  'Order #a1b2c3',
  'Brass fuel nozzle',
  'Size: 3/4 inch',
  '2 x ₹925/- = ₹1,850/-',
  'Reflective dog harness',
  'Size: M',
  '1 x ₹499.50/- = ₹499.50/-',
  'Diesel transfer pump 12V',
  '1 x ₹7,499/- = ₹7,499/-',
  'Subtotal',
  '₹9,848.50/-',
  'Delivery charge',
  '₹590.91/-',
  'Total',
  '₹10,439.41/-',
  'Priya Sharma, 9876543210',
  'Flat 12B, Sea View Apartments, Carter Road, Bandra West',
  'Mumbai, Maharashtra 400050, India',
];

interface Expected {
  subject: string;
  /** Texts both parts carry. */
  facts: string[];
  /** Link targets: an href in the HTML, the address in the text. */
  links: string[];
}

const EXPECTED: Record<MailKind, Expected> = {
  'order-placed': {
    subject: 'Order #a1b2c3 placed — PumpKart',
    facts: [
      'Order placed successfully',
      'Hi Priya Sharma,',
      'is placed. You pay cash on delivery',
      'Cash on delivery · pay when it arrives',
      ...ORDER_FACTS,
    ],
    links: [ORDER_URL],
  },
  'payment-received': {
    subject: 'Payment received for order #a1b2c3',
    facts: [
      'We have received your payment of',
      'Your order is being processed',
      'Your tax invoice PK/25-26/000123 is attached to this e-mail.',
      'Paid online',
      ...ORDER_FACTS,
    ],
    links: [ORDER_URL],
  },
  'order-shipped': {
    subject: 'Order #a1b2c3 has shipped',
    facts: ['has shipped with Blue Dart.', 'Tracking number:', 'BD 7781 2245 09', 'Track shipment', ...ORDER_FACTS],
    links: [TRACKING_URL, ORDER_URL],
  },
  'order-delivered': {
    subject: 'Order #a1b2c3 delivered',
    // 20:15 UTC on the 24th is 01:45 on the 25th in India.
    facts: ['Your order #a1b2c3 was delivered on Wed, 25 Mar', '2026', ...ORDER_FACTS],
    links: [ORDER_URL],
  },
  'order-cancelled': {
    subject: 'Order #a1b2c3 cancelled',
    facts: [
      'Your order #a1b2c3 was cancelled by the store.',
      'A refund of ₹10,439.41/- will reach your original payment method in 5–7 working days.',
      ...ORDER_FACTS,
    ],
    links: [ORDER_URL],
  },
  'refund-processed': {
    subject: 'Refund of ₹10,439.41/- processed for order #a1b2c3',
    facts: ['Your refund of', 'has been processed', 'Refund reference: rfnd_Q9aBc45DeFgH6', ...ORDER_FACTS],
    links: [ORDER_URL],
  },
  'password-reset': {
    subject: 'Reset your PumpKart password',
    facts: ['Reset your password', 'Hi Priya Sharma,', 'valid for 30 minutes', 'If you did not ask for this'],
    links: [RESET_URL],
  },
  'account-exists': {
    subject: 'You already have a PumpKart account',
    facts: [
      'Hi Priya Sharma,',
      'Someone tried to register a PumpKart account with this e-mail address.',
      'nothing was created or changed',
      'If it was you, log in',
      'If it was not you, you can ignore this e-mail',
    ],
    links: [`${FIXTURE_SHOP_URL}/login`, `${FIXTURE_SHOP_URL}/forgot-password`],
  },
  'staff-invite': {
    subject: 'You are invited to the PumpKart back office',
    facts: [
      'Join the PumpKart back office',
      'Hi Ravi Kumar,',
      'as orders staff: orders and payments only',
      'valid for 7 days',
      'Set your password',
    ],
    links: [MAIL_FIXTURES['staff-invite'].message.setPasswordUrl],
  },
  'business-invite': {
    subject: 'Join Sharma Fuels Pvt Ltd on PumpKart',
    facts: ['Join Sharma Fuels Pvt Ltd', 'as buyer', 'valid for 7 days', 'Accept the invitation'],
    links: [MAIL_FIXTURES['business-invite'].message.acceptUrl],
  },
  'approval-needed': {
    subject: 'Order #a1b2c3 waits for your approval',
    facts: ['An order waits for your approval', 'Ravi Kumar placed order #a1b2c3', 'Review the order'],
    links: [`${FIXTURE_SHOP_URL}/account/approvals`],
  },
  'approval-decided': {
    subject: 'Order #a1b2c3 approved',
    facts: ['Your order was approved', 'Hi Priya Sharma,', 'approved by your business and goes ahead'],
    links: [ORDER_URL],
  },
  welcome: {
    subject: 'Welcome to PumpKart',
    facts: ['Welcome to PumpKart!', 'Hi Priya Sharma,', 'Start shopping'],
    links: [FIXTURE_SHOP_URL],
  },
  'owner-new-order': {
    subject: 'New order #a1b2c3: ₹10,439.41/-, Cash on Delivery',
    facts: [
      'New order #a1b2c3',
      'Priya Sharma placed a cash-on-delivery order of',
      'priya.sharma@example.in',
      '9876543210',
      ...ORDER_FACTS,
    ],
    links: [ADMIN_ORDERS_URL],
  },
  'owner-low-stock': {
    subject: 'Low stock: Brass fuel nozzle (3/4 inch), 2 left',
    facts: ['Brass fuel nozzle (3/4 inch) is low: 2 left (threshold 5).'],
    links: [`${FIXTURE_SHOP_URL}/admin/products`],
  },
  'owner-refund-action': {
    subject: 'Refund to make by hand: ₹10,439.41/- for order #a1b2c3',
    facts: [
      'A refund of',
      'for order #a1b2c3 needs to be made by hand.',
      'The cash collected for this cash-on-delivery order must be returned to the buyer.',
      'priya.sharma@example.in',
      'Cash on delivery · cash to be returned',
      ...ORDER_FACTS,
    ],
    links: [ADMIN_ORDERS_URL],
  },
  'owner-quote-requested': {
    subject: 'Quote requested: #q1w2e3 by Priya Sharma',
    facts: ['A buyer asks for a quote', 'Priya Sharma sent request #q1w2e3.'],
    links: [`${FIXTURE_SHOP_URL}/admin/quotes/${FIXTURE_QUOTE_ID}`],
  },
  'quote-answered': {
    subject: 'Revised quote #q1w2e3: ₹5,95,000/-',
    facts: ['Your quote was revised', 'Hi Priya Sharma,', 'valid until 2026-04-15', 'can no longer be accepted'],
    links: [`${FIXTURE_SHOP_URL}/quotes/${FIXTURE_QUOTE_ID}`],
  },
  'owner-quote-accepted': {
    subject: 'Quote accepted: #q1w2e3 is order #a1b2c3',
    facts: ['A quote was accepted', 'accepted version 2 of quote #q1w2e3', 'order #a1b2c3'],
    links: [`${FIXTURE_SHOP_URL}/admin/quotes/${FIXTURE_QUOTE_ID}`],
  },
  'return-requested': {
    subject: 'We have your request: return 1 of order #a1b2c3',
    facts: [
      'Return requested',
      'Hi Priya Sharma,',
      'Your reason: The nozzles are 1 inch',
      '2 × Brass fuel nozzle (3/4 inch)',
    ],
    links: [ORDER_URL],
  },
  'owner-return-requested': {
    subject: 'Return requested: order #a1b2c3 (return 1)',
    facts: [
      'Priya Sharma asks to return items of order #a1b2c3.',
      'Reason: The nozzles are 1 inch',
      '2 × Brass fuel nozzle (3/4 inch)',
    ],
    links: [ADMIN_ORDERS_URL],
  },
  'return-approved': {
    subject: 'Approved: return 1 of order #a1b2c3',
    facts: ['Return approved', 'send them back to the shop', '2 × Brass fuel nozzle (3/4 inch)'],
    links: [ORDER_URL],
  },
  'return-refused': {
    subject: 'Refused: return 1 of order #a1b2c3',
    facts: ['Return refused', "The shop's reason: The nozzle has been used", '2 × Brass fuel nozzle (3/4 inch)'],
    links: [ORDER_URL],
  },
  'return-received': {
    subject: 'Items received: return 1 of order #a1b2c3',
    facts: ['Returned items received', 'Your refund of ₹1,862.03/- follows.'],
    links: [ORDER_URL],
  },
  'return-refunded': {
    subject: 'Refund of ₹1,862.03/-: return 1 of order #a1b2c3',
    facts: [
      'Return refunded',
      'reach your original payment method',
      'Refund reference: rfnd_R7cDe12FgHi3J',
      'Credit note CN/26-27/000004 has been issued',
    ],
    links: [ORDER_URL],
  },
  'bank-transfer-due': {
    subject: 'Pay ₹600/- by bank transfer for order #a1b2c3',
    facts: [
      'Pay by bank transfer',
      'Please transfer the advance of',
      'Account number: 50200012345678',
      'IFSC: HDFC0001234',
      'Bank transfer · awaiting transfer',
      ...ORDER_FACTS,
    ],
    links: [ORDER_URL],
  },
  'owner-transfer-recorded': {
    subject: 'Bank transfer to confirm: ₹600/- for order #a1b2c3',
    facts: ['A bank transfer to confirm', 'UTR HDFCN52026032012, made on 2026-03-20.', ...ORDER_FACTS],
    links: [ADMIN_ORDERS_URL],
  },
  'bank-transfer-decided': {
    subject: 'Transfer received: ₹600/- for order #a1b2c3',
    facts: ['Your transfer was received', '(UTR HDFCN52026032012)', 'Still due now: ₹9,839.41/-', ...ORDER_FACTS],
    links: [ORDER_URL],
  },
  'task-reminder': {
    subject: 'Due today at Sharma Fuels, NH-48: 1 task and more',
    facts: [
      'Due today',
      'Refill — Ceasefire CO2 4.5 kg, serial CF-2210. Due today, Fri, 20 Mar, 2026.',
      'Due in 30 days',
      'Tokheim Quantium 510, serial TQ-4471. Due in 30 days, Sun, 19 Apr, 2026.',
      'Book Dispenser re-verification visit',
      '₹4,500/-',
      'E-mail reminders of tasks falling due',
    ],
    links: [
      `${FIXTURE_SHOP_URL}/book?product=${FIXTURE_SERVICE_ID}&outlet=${FIXTURE_OUTLET_ID}&date=2026-04-19`,
      `${FIXTURE_SHOP_URL}/business/outlets/${FIXTURE_OUTLET_ID}/register`,
      `${FIXTURE_SHOP_URL}/business`,
    ],
  },
};

/** The HTML's text as a reader sees it: tags and React's text separators gone, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

const render = <K extends MailKind>(kind: K, change: (fixture: (typeof MAIL_FIXTURES)[K]) => void = () => {}) => {
  const fixture = structuredClone(MAIL_FIXTURES[kind]);
  change(fixture);
  return renderMail(fixture.message, fixture.context);
};

describe('every kind of e-mail', () => {
  it.each(MAIL_KINDS)(
    "%s: the text part is React Email's conversion of the HTML, headings as written",
    async (kind) => {
      const mail = await render(kind);
      const headings = ['h1', 'h2'].map((selector) => ({
        selector,
        options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
      }));
      expect(mail.text).toBe(toPlainText(mail.html, { selectors: headings }).trim() + '\n');
    },
  );

  it.each(MAIL_KINDS)('%s: subject, facts, amounts and links in the HTML and the text', async (kind) => {
    const expected = EXPECTED[kind];
    const mail = await render(kind);
    expect(mail.subject).toBe(expected.subject);
    const htmlText = visibleText(mail.html);
    for (const fact of expected.facts) {
      expect(htmlText, `HTML: ${fact}`).toContain(fact);
      expect(mail.text, `text: ${fact}`).toContain(fact);
    }
    for (const link of expected.links) {
      expect(hrefs(mail.html), `HTML link ${link}`).toContain(link);
      expect(mail.text, `text link ${link}`).toContain(link);
    }
    // The store's name on top, its contact details in the footer (a buyer's e-mail) and nowhere an unformatted amount.
    expect(htmlText).toContain(FIXTURE_STORE.name);
    expect(mail.text.startsWith(FIXTURE_STORE.name)).toBe(true);
    expect(mail.text).not.toMatch(/\d{4,}\.\d/);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('max-width:600px');
  });

  it('buyer e-mails end with the store e-mail and phone; the owner’s say who they are for', async () => {
    const buyer = await render('order-placed');
    expect(hrefs(buyer.html)).toContain('mailto:support@pumpkart.example');
    expect(buyer.text).toContain('Questions? Reach PumpKart at support@pumpkart.example or 9822012345.');
    const owner = await render('owner-low-stock');
    expect(owner.text).toContain('For the owner of PumpKart');
    expect(owner.text).not.toContain('Questions?');
  });

  it('a store without e-mail or phone shows only its name in the footer', async () => {
    const phoneOnly = await render('welcome', (fixture) => {
      fixture.context.store = { ...FIXTURE_STORE, email: null };
    });
    expect(phoneOnly.text).toContain('Questions? Reach PumpKart on 9822012345.');
    expect(hrefs(phoneOnly.html).some((href) => href.startsWith('mailto:'))).toBe(false);
    const none = await render('welcome', (fixture) => {
      fixture.context.store = { name: 'Pet Corner', email: null, phone: null };
    });
    expect(none.subject).toBe('Welcome to Pet Corner');
    expect(none.text).not.toContain('Questions?');
    expect(none.text.trim().endsWith('Pet Corner')).toBe(true);
  });
});

describe('what each kind says in its cases', () => {
  it('order-cancelled: by the buyer, returned cash; by expiry, nothing charged', async () => {
    const byBuyer = await render('order-cancelled', (fixture) => {
      Object.assign(fixture.message, { by: 'buyer', refundPaise: 185_050, refundMode: 'cash' });
    });
    expect(byBuyer.text).toContain('Your order #a1b2c3 was cancelled, as you asked.');
    expect(byBuyer.text).toContain('The ₹1,850.50/- you paid will be returned to you.');
    expect(byBuyer.text).not.toContain('working days');

    const expired = await render('order-cancelled', (fixture) => {
      Object.assign(fixture.message, { by: 'expiry', refundPaise: null, refundMode: null });
    });
    expect(expired.text).toContain('was cancelled because its payment was not completed in time.');
    expect(expired.text).toContain('Nothing was charged for this order.');
    expect(expired.text).not.toContain('refund');
  });

  it('order-shipped without a tracking URL (or with one that is not http) says to use the number instead', async () => {
    for (const trackingUrl of [null, 'javascript:alert(1)']) {
      const mail = await render('order-shipped', (fixture) => {
        fixture.message.trackingUrl = trackingUrl;
      });
      expect(mail.text).toContain("To follow it, enter the tracking number on Blue Dart's website.");
      expect(mail.text).not.toContain('Track shipment');
      expect(hrefs(mail.html)).toEqual([ORDER_URL, 'mailto:support@pumpkart.example']);
    }
  });

  it('payment-received mentions the invoice only when the order has one', async () => {
    const mail = await render('payment-received', (fixture) => {
      fixture.context.order = { ...fixture.context.order!, invoice: null };
    });
    expect(mail.text).not.toContain('invoice');
  });

  it('owner-new-order of an online order, refund-processed without a reference', async () => {
    const online = await render('owner-new-order', (fixture) => {
      fixture.context.order = fixtureOrder();
    });
    expect(online.subject).toBe('New order #a1b2c3: ₹10,439.41/-, Paid online');
    expect(online.text).toContain('Priya Sharma placed an order paid online of ₹10,439.41/-.');
    const noReference = await render('refund-processed', (fixture) => {
      fixture.message.refundId = null;
    });
    expect(noReference.text).not.toContain('Refund reference');
  });

  it('owner-low-stock of a product without sizes, and at 0', async () => {
    const mail = await render('owner-low-stock', (fixture) => {
      Object.assign(fixture.message, { size: null, stock: 0, threshold: 3 });
    });
    expect(mail.subject).toBe('Out of stock: Brass fuel nozzle');
    expect(mail.text).toContain('Brass fuel nozzle is out of stock (threshold 3).');
  });

  it('password-reset shows the link once more for a mail app that breaks buttons, not in the text part', async () => {
    const mail = await render('password-reset');
    expect(hrefs(mail.html).filter((href) => href === RESET_URL)).toHaveLength(2);
    expect(mail.text.split(RESET_URL)).toHaveLength(2);
  });
});

describe('what users typed is escaped', () => {
  const SCRIPT = '<script>alert("x")</script>';

  it('a product title, buyer name and address with markup come out as text', async () => {
    const mail = await render('order-placed', (fixture) => {
      const order = fixture.context.order!;
      order.items[0]!.title = `Nozzle ${SCRIPT}`;
      order.customer.name = '<b>Priya</b>';
      order.address.line1 = '<img src=x onerror=alert(1)>';
    });
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<b>Priya');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('Nozzle &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Hi &lt;b&gt;Priya&lt;/b&gt;,');
    expect(mail.text).toContain(`Nozzle ${SCRIPT}`);
  });

  it('the low-stock title, the refund reason and the courier too; a subject stays one line', async () => {
    const lowStock = await render('owner-low-stock', (fixture) => {
      fixture.message.title = `Pump ${SCRIPT}\r\nBcc: someone@example.com`;
    });
    expect(lowStock.html).not.toContain('<script');
    expect(lowStock.html).toContain('Pump &lt;script&gt;');
    expect(lowStock.subject).toBe(`Low stock: Pump ${SCRIPT} Bcc: someone@example.com (3/4 inch), 2 left`);
    const refund = await render('owner-refund-action', (fixture) => {
      fixture.message.reason = SCRIPT;
    });
    expect(refund.html).not.toContain('<script');
    const shipped = await render('order-shipped', (fixture) => {
      fixture.message.courier = SCRIPT;
    });
    expect(shipped.html).not.toContain('<script');
  });
});

describe('an order e-mail needs its order', () => {
  it('refuses to render without the order, or with another one', async () => {
    const { message, context } = MAIL_FIXTURES['order-shipped'];
    await expect(renderMail(message, { ...context, order: null })).rejects.toThrow(/no order was given/);
    const other = fixtureOrder({ _id: '11111111-2222-4333-8444-555555666666' });
    await expect(renderMail(message, { ...context, order: other })).rejects.toThrow(/but order 1111/);
  });
});

describe('every kind has a template and an example', () => {
  it('at run time: the templates, the examples and MAIL_KIND_LABELS name the same kinds', async () => {
    const kinds = Object.keys(MAIL_KIND_LABELS).sort();
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual(kinds);
    expect(Object.keys(MAIL_FIXTURES).sort()).toEqual(kinds);
    expect(mailFixtureList().map((fixture) => fixture.message.kind)).toEqual(MAIL_KINDS);
    for (const { message, context } of mailFixtureList()) {
      const mail = await renderMail(message, context);
      expect(mail.subject.length, message.kind).toBeGreaterThan(5);
      expect(mail.text.length, message.kind).toBeGreaterThan(50);
    }
  });

  it('at type level: one template per MailKind, and MailMessage covers exactly the MailKinds', () => {
    expectTypeOf<keyof typeof MAIL_TEMPLATES>().toEqualTypeOf<MailKind>();
    expectTypeOf<MailMessage['kind']>().toEqualTypeOf<MailKind>();
    expectTypeOf<MailMessageOf<'welcome'>>().toEqualTypeOf<{ kind: 'welcome'; name: string }>();
    // A context is all a template gets besides the message.
    expectTypeOf<Parameters<typeof renderMail>[1]>().toEqualTypeOf<MailContext>();
  });
});
