import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '@pumpkart/shared';
import { Pager } from './pager';

const pager = (page: number, total: number, rows?: number) =>
  render(
    <Pager
      label="Pages of orders"
      noun="orders"
      page={page}
      pageSize={20}
      total={total}
      rows={rows}
      onPage={() => {}}
    />,
  );

describe('Pager', () => {
  it('gives the range, the total and the pages of an exact count', () => {
    pager(2, 57, 20);
    expect(screen.getByText('21–40 of 57 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
  });

  it('reads "1,000+" past the count cap, and keeps Next while the page is full', () => {
    pager(3, ADMIN_COUNT_CAP + 1, 20);
    expect(screen.getByText('41–60 of 1,000+ orders')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 50+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
  });

  it('past the cap, pages beyond it still show their rows; a short page is the last', () => {
    pager(53, ADMIN_COUNT_CAP + 1, 7);
    expect(screen.getByText('1,041–1,047 of 1,000+ orders')).toBeInTheDocument();
    expect(screen.getByText('Page 53 of 53+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});
