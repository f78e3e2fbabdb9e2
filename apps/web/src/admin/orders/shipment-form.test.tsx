/** The shipment form's optional serial numbers per line (docs/shop-rules.md#assets). */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_MESSAGES } from '@pumpkart/shared';
import { ShipmentForm } from './shipment-form';

const lines = [
  { _id: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', title: 'ABC extinguisher 6 kg', quantity: 2 },
  { _id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', title: 'Nozzle', quantity: 1 },
];

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <ShipmentForm
      orderLabel="#A1B2C3"
      initial={null}
      lines={lines}
      busy={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('serial numbers in the shipment form', () => {
  it('sends the serials typed, one a line, only for the lines that have any', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Courier'), 'Delhivery');
    await user.type(screen.getByLabelText('Tracking number'), 'DLV-42');
    await user.click(screen.getByText('Serial numbers (optional)'));
    await user.type(screen.getByLabelText('ABC extinguisher 6 kg × 2'), 'CF-1{Enter}CF-2');
    await user.click(screen.getByRole('button', { name: /ship/i }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        courier: 'Delhivery',
        serials: [{ itemId: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', serialNumbers: ['CF-1', 'CF-2'] }],
      }),
    );
  });

  it('refuses more serials than units, under the line', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Courier'), 'Delhivery');
    await user.type(screen.getByLabelText('Tracking number'), 'DLV-42');
    await user.click(screen.getByText('Serial numbers (optional)'));
    await user.type(screen.getByLabelText('Nozzle × 1'), 'N-1, N-2');
    await user.click(screen.getByRole('button', { name: /ship/i }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nozzle × 1')).toHaveAccessibleDescription(ASSET_MESSAGES.tooManySerials('Nozzle', 1));
  });
});
