import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bookedForText, serviceDateRange, type CartLine } from '@pumpkart/shared';
import { cartLine } from '../../test/fixtures';
import { CartLineRow } from './cart-line';

function renderLine(line: CartLine, locked = false) {
  const onQuantity = vi.fn();
  const view = render(
    <ul>
      <CartLineRow
        line={line}
        selected
        onToggle={() => undefined}
        onQuantity={onQuantity}
        onRemove={() => undefined}
        locked={locked}
      />
    </ul>,
  );
  return { ...view, onQuantity, input: screen.getByRole('spinbutton', { name: /Quantity of Vest/ }) };
}

describe('CartLineRow', () => {
  it('offers a typed quantity: a numeric input from 1 to the stock, with its own label', () => {
    const { input } = renderLine(cartLine({ title: 'Vest', quantity: 2, stock: 180, size: 'L' }));
    expect(input).toHaveAccessibleName('Quantity of Vest (L)');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '180');
    expect(input).toHaveValue(2);
  });

  it('sends a typed quantity on Enter, not on every key', async () => {
    const { input, onQuantity } = renderLine(cartLine({ title: 'Vest', quantity: 1, stock: 200 }));
    await userEvent.clear(input);
    await userEvent.type(input, '180');
    expect(onQuantity).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith(180);
  });

  it('sends a typed quantity when the input loses focus', async () => {
    const { input, onQuantity } = renderLine(cartLine({ title: 'Vest', quantity: 1, stock: 200 }));
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    await userEvent.tab();
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith(12);
  });

  it('clamps a typed quantity above the stock to the stock and says so', async () => {
    const { input, onQuantity } = renderLine(cartLine({ title: 'Vest', quantity: 1, stock: 5 }));
    await userEvent.clear(input);
    await userEvent.type(input, '9{Enter}');
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith(5);
    expect(screen.getByRole('status')).toHaveTextContent('Only 5 items in stock.');
  });

  it('says "Only 1 item in stock." in the singular, and sends nothing when the line already holds it', async () => {
    const { input, onQuantity } = renderLine(cartLine({ title: 'Vest', quantity: 1, stock: 1 }));
    await userEvent.clear(input);
    await userEvent.type(input, '2{Enter}');
    expect(onQuantity).not.toHaveBeenCalled();
    expect(input).toHaveValue(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^Only 1 item in stock\.$/);
  });

  it('takes 0, a negative or an empty quantity as no less than 1, and Escape as no change', async () => {
    const { input, onQuantity } = renderLine(cartLine({ title: 'Vest', quantity: 3, stock: 9 }));
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    expect(onQuantity).toHaveBeenLastCalledWith(1);
    await userEvent.clear(input);
    await userEvent.keyboard('{Enter}');
    expect(onQuantity).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue(3);
    await userEvent.type(input, '7{Escape}');
    await userEvent.tab();
    expect(onQuantity).toHaveBeenCalledTimes(1);
  });

  it("shows the server's clamp of a line whose stock fell, and stops + at the stock", () => {
    renderLine({ ...cartLine({ title: 'Vest', quantity: 1, stock: 1 }), notice: 'Only 1 item in stock.' });
    expect(screen.getByRole('status')).toHaveTextContent('Only 1 item in stock.');
    expect(screen.getByRole('button', { name: 'Increase quantity of Vest' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Vest' })).toBeDisabled();
  });

  it('disables the typed quantity while a payment window is open', () => {
    const { input } = renderLine(cartLine({ title: 'Vest', quantity: 2, stock: 5 }), true);
    expect(input).toBeDisabled();
  });
});

describe('CartLineRow of a service', () => {
  const renderService = (serviceDate: string | null) => {
    const onServiceDate = vi.fn();
    render(
      <ul>
        <CartLineRow
          line={cartLine({ title: 'CO2 Refill', serviceDate, variantId: null })}
          selected
          onToggle={() => undefined}
          onQuantity={() => undefined}
          onRemove={() => undefined}
          onServiceDate={onServiceDate}
        />
      </ul>,
    );
    return { onServiceDate, input: screen.getByLabelText('Visit date') };
  };

  it('shows the booked day and sends a new one within the bookable days', () => {
    const { from, to } = serviceDateRange();
    const { input, onServiceDate } = renderService(to);
    expect(input).toHaveValue(to);
    expect(screen.getByText(bookedForText(to))).toBeInTheDocument();
    fireEvent.change(input, { target: { value: from } });
    expect(onServiceDate).toHaveBeenCalledWith(from);
  });

  it('asks for a day when the line has none, and refuses a day that has passed', () => {
    const { input, onServiceDate } = renderService(null);
    expect(screen.getByText('Choose a visit date before checkout.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '2020-01-01' } });
    expect(onServiceDate).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(/^The visit date of "CO2 Refill" must be from /);
  });
});
