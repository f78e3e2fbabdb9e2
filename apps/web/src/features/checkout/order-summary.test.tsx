import { MESSAGES } from '@pumpkart/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from './order-summary';

describe("The cart's Order Summary", () => {
  it("says the total is 'Inclusive of all taxes'", () => {
    render(
      <OrderSummary
        totals={{ subtotalPaise: 1000_00, shippingPaise: 60_00, totalPaise: 1060_00 }}
        selectedCount={1}
        scriptLoaded
        onCheckout={() => {}}
      />,
    );
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹1,060/-');
    expect(screen.getByTestId('summary-tax-note')).toHaveTextContent(MESSAGES.inclusiveOfTaxes);
  });
});
