/**
 * The frame of every e-mail (docs/shop-rules.md#emails): the store's name on top, one column at most 600 px wide
 * in the system's own fonts, dark text on white, and a footer with the store's e-mail and phone when they are set.
 * Plus the small building blocks the templates share (heading, paragraph, button), so every e-mail looks alike.
 */
import type { CSSProperties, ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { MailContext } from '../render';

const FONTS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** The storefront's colours: brand blue, slate text (contrast above 7:1 on white). */
export const COLORS = { brand: '#1e40af', button: '#1d4ed8', text: '#0f172a', body: '#1e293b', muted: '#475569' };

const styles = {
  body: { backgroundColor: '#f1f5f9', margin: 0, padding: '16px 0', fontFamily: FONTS },
  container: {
    maxWidth: '600px',
    width: '100%',
    backgroundColor: '#ffffff',
    border: '1px solid #e2e8f0',
    borderRadius: '8px',
  },
  header: { backgroundColor: COLORS.brand, borderRadius: '8px 8px 0 0', padding: '16px 24px' },
  storeName: {
    color: '#ffffff',
    fontSize: '20px',
    fontWeight: 700,
    lineHeight: '28px',
    margin: 0,
    overflowWrap: 'anywhere',
  },
  content: { padding: '8px 24px 16px' },
  heading: {
    color: COLORS.text,
    fontSize: '22px',
    fontWeight: 700,
    lineHeight: '30px',
    margin: '16px 0 8px',
    overflowWrap: 'anywhere',
  },
  paragraph: { color: COLORS.body, fontSize: '16px', lineHeight: '24px', margin: '12px 0', overflowWrap: 'anywhere' },
  button: {
    backgroundColor: COLORS.button,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 600,
    lineHeight: '24px',
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: COLORS.button, textDecoration: 'underline' },
  footer: { padding: '0 24px 16px' },
  footerText: { color: COLORS.muted, fontSize: '13px', lineHeight: '20px', margin: '8px 0' },
  rule: { borderColor: '#e2e8f0', margin: '0' },
} satisfies Record<string, CSSProperties>;

interface MailLayoutProps {
  context: MailContext;
  /** The line an inbox shows after the subject. */
  preview: string;
  /** The e-mail's title, e.g. "Order placed successfully". */
  heading: string;
  /** Who reads it: a buyer (the footer says how to reach the store) or the store's owner. */
  audience?: 'buyer' | 'owner';
  children: ReactNode;
}

export function MailLayout({ context, preview, heading, audience = 'buyer', children }: MailLayoutProps) {
  const { store } = context;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.storeName}>{store.name}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={styles.rule} />
          <Section style={styles.footer}>
            {audience === 'buyer' ? (
              <StoreContact store={store} />
            ) : (
              <Text style={styles.footerText}>
                {`For the owner of ${store.name}: sent to the order notification address (ORDER_NOTIFY_EMAIL), else to the admin's e-mail.`}
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** "PumpKart · support@... · 98220 12345": whatever of the store's contact details is set. */
function StoreContact({ store }: { store: MailContext['store'] }) {
  const hasContact = Boolean(store.email || store.phone);
  return (
    <Text style={styles.footerText}>
      {hasContact ? `Questions? Reach ${store.name}` : store.name}
      {store.email && (
        <>
          {' at '}
          <Link href={`mailto:${store.email}`} style={styles.link}>
            {store.email}
          </Link>
        </>
      )}
      {store.phone && `${store.email ? ' or' : ' on'} ${store.phone}`}
      {hasContact && '.'}
    </Text>
  );
}

interface ParagraphProps {
  children: ReactNode;
  style?: CSSProperties;
  /** Left out of the plain-text part (e.g. a fallback link the text part already shows). */
  skipInText?: boolean;
}

export function Paragraph({ children, style, skipInText = false }: ParagraphProps) {
  return (
    <Text style={{ ...styles.paragraph, ...style }} data-skip-in-text={skipInText ? 'true' : undefined}>
      {children}
    </Text>
  );
}

/** The one call to action of an e-mail; in the text part it reads "Label https://...". */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** An inline link in a paragraph. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ ...styles.heading, fontSize: '18px', lineHeight: '26px', margin: '24px 0 8px' }}>
      {children}
    </Heading>
  );
}
