/** Privacy Policy: 9 numbered sections. */
import { COMPANY } from '../../lib/company';
import { PageSection, StaticPage } from './static-page';

export function PolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      updated="1 January 2026"
      intro={
        <p>
          This policy explains what personal data {COMPANY.name} ("PumpKart", "we") collects when you use our website
          and place orders, why we collect it and how we protect it. It is written to meet the Information Technology
          Act, 2000 and the Digital Personal Data Protection Act, 2023.
        </p>
      }
    >
      <ol className="space-y-8">
        <li>
          <PageSection number={1} title="Information We Collect">
            <p>
              When you create an account or order, we collect your name, email address, mobile number, password (stored
              only as a secure hash) and the delivery addresses you save. We also record your orders, cart, favourites
              and the messages you send to our support team.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={2} title="How We Use Your Information">
            <p>
              We use your data to create and secure your account, process and deliver orders, issue GST invoices, send
              order and delivery updates, answer your questions and prevent fraud. We do not send marketing messages
              unless you ask for them.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={3} title="Payments">
            <p>
              Online payments are processed by {COMPANY.paymentProvider}, a PCI-DSS compliant payment gateway. Your
              card, UPI or net-banking details are entered on {COMPANY.paymentProvider}'s secure window and never reach
              or stay on our servers. We keep only the payment reference, amount and status.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={4} title="Cookies and Local Storage">
            <p>
              Our website stores your sign-in token, name and favourites in your browser's local storage so that you
              stay signed in and your choices are remembered. We do not use advertising cookies. Logging out removes
              this data from your browser.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={5} title="Sharing With Others">
            <p>
              We share only what is needed: your name, phone number and address with our courier partners to deliver
              your order, payment details with {COMPANY.paymentProvider}, and information with government authorities
              when the law requires it. We never sell your personal data.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={6} title="Data Security">
            <p>
              Data travels over encrypted connections (HTTPS), passwords are hashed, and access to order data is limited
              to staff who need it to serve you. No system is perfectly secure, but we review our safeguards regularly
              and will inform you and the authorities of any breach as the law requires.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={7} title="Data Retention">
            <p>
              We keep account data while your account is active. Order and invoice records are kept for eight years, as
              Indian tax law requires. Other data is deleted or anonymised when it is no longer needed.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={8} title="Your Rights">
            <p>
              You may see, correct or update your details from your Profile page at any time. You may also ask us to
              delete your account, withdraw your consent, or nominate a person to act for you, by writing to us. We
              reply within 30 days.
            </p>
          </PageSection>
        </li>
        <li>
          <PageSection number={9} title="Grievance Officer and Changes to This Policy">
            <p>
              For any privacy question or complaint, write to our Grievance Officer at{' '}
              <a
                className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                href={`mailto:${COMPANY.email}`}
              >
                {COMPANY.email}
              </a>{' '}
              or to {COMPANY.address}. We may update this policy; the date at the top shows the latest version, and we
              will tell registered users about important changes by email.
            </p>
          </PageSection>
        </li>
      </ol>
    </StaticPage>
  );
}
