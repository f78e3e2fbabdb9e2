/**
 * The e-mails of a bank-transfer order (docs/shop-rules.md#bank-transfer, docs/shop-rules.md#emails): to the buyer,
 * the store's bank details and the amount due now; to the owner, a transfer the buyer recorded, to be confirmed;
 * to the buyer, the owner's decision on it.
 */
import { adminOrdersUrl, orderNumber, orderUrl, priceOfPaise } from './format';
import { ActionButton, MailLayout, Paragraph } from './layout';
import { OrderSummary } from './order-summary';
import type { MailTemplate } from './template';

const STAGE_WORDS = { advance: 'the advance', balance: 'the balance', full: 'the full amount' } as const;

export const bankTransferDue: MailTemplate<'bank-transfer-due'> = {
  subject: ({ message }) =>
    `Pay ${priceOfPaise(message.amountPaise)} by bank transfer for order #${orderNumber(message.orderId)}`,
  Email: ({ message, context, order }) => {
    const amount = priceOfPaise(message.amountPaise);
    const { bank } = message;
    return (
      <MailLayout
        context={context}
        preview={`Transfer ${amount} to ${bank.accountName}, then record its UTR number.`}
        heading="Pay by bank transfer"
      >
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>
          {`Please transfer ${STAGE_WORDS[message.stage]} of `}
          <strong>{amount}</strong>
          {` for order #${orderNumber(message.orderId)} by NEFT, RTGS or IMPS to:`}
        </Paragraph>
        <Paragraph>
          {`Account name: ${bank.accountName}`}
          <br />
          {`Account number: ${bank.accountNumber}`}
          <br />
          {`IFSC: ${bank.ifsc}`}
          <br />
          {`Bank and branch: ${bank.bankBranch}`}
          {bank.upiId ? (
            <>
              <br />
              {`UPI ID: ${bank.upiId}`}
            </>
          ) : null}
        </Paragraph>
        <Paragraph>
          Then record the transfer&apos;s UTR number on your order&apos;s page: the shop confirms it when the money
          arrives.
        </Paragraph>
        <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>Record the transfer</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};

export const ownerTransferRecorded: MailTemplate<'owner-transfer-recorded'> = {
  subject: ({ message }) =>
    `Bank transfer to confirm: ${priceOfPaise(message.amountPaise)} for order #${orderNumber(message.orderId)}`,
  Email: ({ message, context, order }) => {
    const amount = priceOfPaise(message.amountPaise);
    return (
      <MailLayout
        audience="owner"
        context={context}
        preview={`UTR ${message.utr}: check your bank account, then confirm or reject it.`}
        heading="A bank transfer to confirm"
      >
        <Paragraph>
          {`${order.customer.name} recorded a transfer of `}
          <strong>{amount}</strong>
          {` for order #${orderNumber(message.orderId)}, UTR ${message.utr}, made on ${message.transferredOn}.`}
        </Paragraph>
        <Paragraph>Check that it arrived in the bank account, then confirm or reject it on the order.</Paragraph>
        <ActionButton href={adminOrdersUrl(context.shopUrl)}>Open the orders</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};

export const bankTransferDecided: MailTemplate<'bank-transfer-decided'> = {
  subject: ({ message }) =>
    `${message.confirmed ? 'Transfer received' : 'Transfer not received'}: ${priceOfPaise(message.amountPaise)} for order #${orderNumber(message.orderId)}`,
  Email: ({ message, context, order }) => {
    const amount = priceOfPaise(message.amountPaise);
    const number = orderNumber(message.orderId);
    return (
      <MailLayout
        context={context}
        preview={
          message.confirmed ? `${amount} received, thank you.` : `${amount} (UTR ${message.utr}) was not received.`
        }
        heading={message.confirmed ? 'Your transfer was received' : 'Your transfer was not received'}
      >
        <Paragraph>{`Hi ${order.customer.name},`}</Paragraph>
        <Paragraph>
          {message.confirmed
            ? `The shop received your transfer of ${amount} (UTR ${message.utr}) for order #${number}. Thank you!`
            : `The shop could not find your transfer of ${amount} (UTR ${message.utr}) for order #${number}: ${message.reason ?? ''}`}
        </Paragraph>
        <Paragraph>
          {message.dueNowPaise > 0
            ? `Still due now: ${priceOfPaise(message.dueNowPaise)}.`
            : 'Nothing more is due on this order.'}
        </Paragraph>
        <ActionButton href={orderUrl(context.shopUrl, message.orderId)}>View your order</ActionButton>
        <OrderSummary order={order} />
      </MailLayout>
    );
  },
};
