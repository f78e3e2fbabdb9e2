import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { effectiveSort, parseSort, SortSelect } from './sort-select';

describe('effectiveSort and parseSort', () => {
  it('defaults to relevance with a search term and to newest without', () => {
    expect(effectiveSort('', true)).toBe('relevance');
    expect(effectiveSort(undefined, false)).toBe('newest');
    expect(effectiveSort('relevance', false)).toBe('newest');
    expect(effectiveSort('price_asc', true)).toBe('price_asc');
    expect(effectiveSort('newest', true)).toBe('newest');
  });

  it('accepts only the four sorts', () => {
    expect(parseSort('price_desc')).toBe('price_desc');
    expect(parseSort('cheapest')).toBeUndefined();
    expect(parseSort(null)).toBeUndefined();
  });
});

describe('SortSelect', () => {
  it('is a select labelled Sort by that offers Relevance only with a search term', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<SortSelect value="relevance" hasSearch onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Relevance', 'Price: low to high', 'Price: high to low', 'Newest']);
    await userEvent.selectOptions(select, 'Price: high to low');
    expect(onChange).toHaveBeenCalledWith('price_desc');

    rerender(<SortSelect value="newest" hasSearch={false} onChange={onChange} />);
    expect(within(select).queryByRole('option', { name: 'Relevance' })).not.toBeInTheDocument();
    expect(select).toHaveValue('newest');
  });
});
