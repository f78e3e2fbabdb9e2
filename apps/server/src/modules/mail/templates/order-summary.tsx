/**
 * The order as every order e-mail shows it (docs/shop-rules.md#emails), with the words of the confirmation page
 * (docs/shop-rules.md#orders): each line's title, size and "quantity x price = line total", the subtotal, delivery
 * charge and total, the payment, and the delivery address. One column, so it reads the same on a phone and in the
 * plain-text part.
 */
import type { CSSProperties } from 'react';
import { Section, Text } from '@react-email/components';
import { formatPrice, type OrderDto } from '@pumpkart/shared';
import { COLORS, SubHeading } from './layout';
import { orderNumber, paymentInWords } from './format';

const styles = {
  box: { border: '1px solid #e2e8f0', borderRadius: '6px', padding: '0 16px' },
  line: {
    borderBottom: '1px solid #e2e8f0',
    color: COLORS.muted,
    fontSize: '14px',
    lineHeight: '22px',
    margin: 0,
    overflowWrap: 'anywhere',
    padding: '10px 0',
  },
  title: { color: COLORS.text, fontSize: '15px', fontWeight: 600 },
  money: { borderCollapse: 'collapse', margin: '8px 0', width: '100%' },
  label: { color: COLORS.muted, fontSize: '15px', lineHeight: '24px', padding: '1px 0' },
  amount: {
    color: COLORS.text,
    fontSize: '15px',
    lineHeight: '24px',
    padding: '1px 0',
    textAlign: 'right',
    whiteSpace: 'nowrap',
  },
  total: {
    borderTop: '1px solid #e2e8f0',
    color: COLORS.text,
    fontSize: '16px',
    fontWeight: 700,
    lineHeight: '26px',
    padding: '6px 0 0',
  },
  block: { color: COLORS.body, fontSize: '15px', lineHeight: '22px', margin: '12px 0', overflowWrap: 'anywhere' },
} satisfies Record<string, CSSProperties>;

export function OrderSummary({ order }: { order: OrderDto }) {
  return (
    <>
      <SubHeading>{`Order #${orderNumber(order._id)}`}</SubHeading>
      <Section style={styles.box}>
        {order.items.map((item) => (
          <Text key={item._id} style={styles.line}>
            <span style={styles.title}>{item.title || item.product?.title || 'Product'}</span>
            <br />
            {item.variant?.size && (
              <>
                {`Size: ${item.variant.size}`}
                <br />
              </>
            )}
            {`${item.quantity} x ${formatPrice(item.price)} = ${formatPrice(item.subtotal)}`}
          </Text>
        ))}
        <table role="presentation" cellPadding={0} cellSpacing={0} style={styles.money} data-text-format="dataTable">
          <tbody>
            <MoneyRow label="Subtotal" amount={order.subtotal} />
            <MoneyRow label="Delivery charge" amount={order.shipping} />
            <MoneyRow label="Total" amount={order.total} strong />
          </tbody>
        </table>
      </Section>
      <Text style={styles.block}>
        <strong>Payment:</strong>
        {` ${paymentInWords(order)}`}
      </Text>
      <DeliveryAddress order={order} />
    </>
  );
}

/** "Subtotal ........ ₹1,850/-"; the text part lays it out as a two-column table too. */
function MoneyRow({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <tr>
      <td style={strong ? { ...styles.label, ...styles.total } : styles.label}>{label}</td>
      <td style={strong ? { ...styles.amount, ...styles.total } : styles.amount}>{formatPrice(amount)}</td>
    </tr>
  );
}

function DeliveryAddress({ order }: { order: OrderDto }) {
  const { address } = order;
  return (
    <Text style={styles.block}>
      <strong>Delivery address:</strong>
      <br />
      {`${address.recipientName}, ${address.recipientPhone}`}
      <br />
      {[address.line1, address.line2].filter(Boolean).join(', ')}
      <br />
      {`${address.city}, ${address.state} ${address.postalCode}, ${address.country}`}
    </Text>
  );
}
