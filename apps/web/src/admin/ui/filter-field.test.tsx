import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterField } from './filter-field';

describe('FilterField', () => {
  it('labels a list of choices and gives the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <FilterField
        type="select"
        label="Status"
        value=""
        onChange={onChange}
        options={[
          { value: '', label: 'All statuses' },
          { value: 'pending', label: 'Pending' },
        ]}
      />,
    );
    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'Pending');
    expect(onChange).toHaveBeenCalledWith('pending');
  });

  it('describes a search box by its hint, and takes at most 100 characters by default', () => {
    render(<FilterField type="search" label="Search" value="" onChange={() => {}} hint="Order number" />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveAccessibleDescription('Order number');
    expect(box).toHaveAttribute('maxLength', '100');
  });

  it('marks a day with an error invalid and reads the error with it', () => {
    render(
      <FilterField type="date" label="To" value="2026-01-01" min="2026-02-01" onChange={() => {}} error="Too early." />,
    );
    const day = screen.getByLabelText('To');
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAttribute('min', '2026-02-01');
    expect(day).toHaveAccessibleDescription('Too early.');
    expect(screen.getByRole('alert')).toHaveTextContent('Too early.');
  });

  it('puts a control beside a search box, which keeps its placeholder', () => {
    render(
      <FilterField type="search" label="Search products" value="" onChange={() => {}} placeholder="Search by title...">
        <button type="submit">Search</button>
      </FilterField>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveAttribute('placeholder', 'Search by title...');
    expect(box.parentElement).toContainElement(screen.getByRole('button', { name: 'Search' }));
  });
});
