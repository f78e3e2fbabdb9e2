/**
 * Terms and Conditions: 9 sections; delivery takes 0–7 business days, defect
 * or incorrect-item reports within 48 hours, returns only for defective or wrong items, the payment
 * provider named; a Back to Top button.
 */
import { COMPANY } from '../../lib/company';
import { PageSection, StaticPage } from './static-page';

function backToTop() {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  // Keyboard and screen-reader users land on the page title, not at the end of the page.
  document.getElementById('page-title')?.focus({ preventScroll: true });
}

export function TermsPage() {
  return (
    <StaticPage
      title="Terms and Conditions"
      updated="1 January 2026"
      intro={
        <p>
          These terms govern your use of the PumpKart website and every order you place with {COMPANY.name}
          (&ldquo;PumpKart&rdquo;). Please read them before ordering; placing an order means you accept them.
        </p>
      }
    >
      <PageSection number={1} title="Acceptance of Terms">
        <p>
          By browsing the website, creating an account or placing an order, you agree to these terms and to our Privacy
          Policy. If you do not agree, please do not use the website.
        </p>
      </PageSection>
      <PageSection number={2} title="Accounts">
        <p>
          You must be 18 or older and give true details when you register. You are responsible for keeping your password
          secret and for orders placed from your account. Tell us at once if you suspect misuse.
        </p>
      </PageSection>
      <PageSection number={3} title="Products and Prices">
        <p>
          Prices are in Indian rupees (₹) and include GST unless stated otherwise. A delivery charge, shown before you
          pay, is added to each order. We try to describe every product accurately; pictures are for illustration and
          may differ slightly from the item delivered. We may correct pricing errors before an order is dispatched.
        </p>
      </PageSection>
      <PageSection number={4} title="Orders and Payment">
        <p>
          Online payments are processed securely by {COMPANY.paymentProvider}. An order is confirmed only when its
          payment succeeds; an order whose payment fails or is abandoned is cancelled and its stock released. Cash on
          delivery is offered only when shown as available at checkout.
        </p>
      </PageSection>
      <PageSection number={5} title="Shipping and Delivery">
        <p>
          Standard delivery takes 0–7 business days from order confirmation, depending on your PIN code and the item.
          Heavy equipment such as dispensers and air machines may need an appointment for unloading. Delivery dates are
          estimates; we will tell you promptly of any delay.
        </p>
      </PageSection>
      <PageSection number={6} title="Inspection, Defects and Incorrect Items">
        <p>
          Please inspect your order on delivery. Report any defective, damaged or incorrect item within 48 hours of
          delivery, by email or phone, with your order number and photographs. Reports received after 48 hours cannot be
          accepted.
        </p>
      </PageSection>
      <PageSection number={7} title="Returns, Replacements and Refunds">
        <p>
          Returns are accepted only for defective or wrong items reported within 48 hours. We will arrange a pick-up and
          send a replacement, or refund the amount to your original payment method within 7–10 business days of
          receiving the item. Items that are used, installed or damaged after delivery cannot be returned.
        </p>
      </PageSection>
      <PageSection number={8} title="Cancellations">
        <p>
          You may cancel an order from My Orders until it is shipped. A cancelled order that was paid online is refunded
          through {COMPANY.paymentProvider} to the original payment method.
        </p>
      </PageSection>
      <PageSection number={9} title="Liability, Governing Law and Contact">
        <p>
          Our liability for any order is limited to the amount paid for it. These terms are governed by the laws of
          India, and the courts at Pune, Maharashtra, have exclusive jurisdiction. Questions about these terms:{' '}
          <a
            className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            href={`mailto:${COMPANY.email}`}
          >
            {COMPANY.email}
          </a>
          , {COMPANY.phone}.
        </p>
      </PageSection>
      <div className="flex justify-center pt-2">
        <button
          type="button"
          onClick={backToTop}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          <span aria-hidden="true">↑</span> Back to Top
        </button>
      </div>
    </StaticPage>
  );
}
