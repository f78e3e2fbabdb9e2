import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PaymentMode } from '@pumpkart/shared';
import { bankDetails, checkoutConfig } from '../../test/fixtures';
import { QuotePaymentChoice } from '../quotes/quote-payment-choice';
import { BANK_TRANSFER_NOTE, PaymentFieldset } from './checkout-fieldsets';

function Checkout({ bank }: { bank: boolean }) {
  const [mode, setMode] = useState<PaymentMode>('online');
  return (
    <PaymentFieldset
      formId="f"
      busy={false}
      paymentMode={mode}
      setPaymentMode={setMode}
      codEnabled={false}
      bankTransfer={bank ? bankDetails() : null}
    />
  );
}

// Generous: the suite shares a busy machine, and typing in jsdom is slow there.
describe('the checkout’s bank transfer option', { timeout: 20_000 }, () => {
  it('is offered only with the store’s bank details, and shows them with what happens next', async () => {
    const { unmount } = render(<Checkout bank={false} />);
    expect(screen.queryByRole('radio', { name: /Bank transfer/ })).toBeNull();
    unmount();
    render(<Checkout bank />);
    const option = screen.getByRole('radio', { name: /Bank transfer \(NEFT\/RTGS\/IMPS\)/ });
    expect(screen.queryByText(BANK_TRANSFER_NOTE)).toBeNull();
    await userEvent.click(option);
    expect(screen.getByText(BANK_TRANSFER_NOTE)).toBeInTheDocument();
    expect(screen.getByText('50200012345678')).toBeInTheDocument();
    expect(screen.getByText('HDFC0001234')).toBeInTheDocument();
  });
});

// Generous: the suite shares a busy machine, and typing in jsdom is slow there.
describe('the quote’s payment choice', { timeout: 20_000 }, () => {
  it('shows nothing when only online payment is offered', () => {
    const { container } = render(
      <QuotePaymentChoice config={checkoutConfig()} value="online" onChange={() => {}} advancePercent={30} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('offers bank transfer with the quote’s advance when the store offers it', async () => {
    const chosen: PaymentMode[] = [];
    render(
      <QuotePaymentChoice
        config={checkoutConfig({ bankTransfer: bankDetails() })}
        value="online"
        onChange={(mode) => chosen.push(mode)}
        advancePercent={30}
      />,
    );
    expect(screen.getByRole('group', { name: 'How you will pay' })).toHaveTextContent(
      '30% in advance, the balance before dispatch',
    );
    expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    expect(chosen).toEqual(['bank']);
  });
});
