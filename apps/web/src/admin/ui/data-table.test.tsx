import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Row {
  id: string;
  placed: string;
  txn: string;
}

const columns: Column<Row>[] = [
  { header: 'Order ID', cell: (row) => row.id },
  { header: 'Placed', cell: (row) => row.placed },
  { header: 'Txn ID', cell: (row) => row.txn },
  { header: 'Action', cell: () => <button type="button">View</button> },
];

const rows: Row[] = [{ id: 'AAA111', placed: '19 Nov 2026', txn: 'pay_demo3dd620b018' }];

describe('DataTable on a narrow screen: tables scroll rather than clip or overflow', () => {
  it('puts the table in its own sideways-scrolling box, reachable from the keyboard', () => {
    render(<DataTable title="COD Orders" columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="None" />);
    const box = screen.getByRole('region', { name: 'COD Orders table' });
    expect(box).toHaveClass('overflow-x-auto');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBeInTheDocument();
  });

  it('keeps every header and cell on one line and pins no column over the others', () => {
    render(<DataTable title="COD Orders" columns={columns} rows={rows} rowKey={(row) => row.id} emptyText="None" />);
    const cells = [...screen.getAllByRole('columnheader'), ...screen.getAllByRole('cell')];
    expect(cells).toHaveLength(8);
    for (const cell of cells) {
      expect(cell).toHaveClass('whitespace-nowrap');
      // A sticky column slides over its neighbours while the box scrolls and cuts their text
      // (the Action column hid "19 Nov 2026" and the Txn ID at 800 px).
      expect(cell.className).not.toMatch(/\bsticky\b/);
      expect(cell.className).not.toMatch(/\b(truncate|overflow-hidden|text-ellipsis)\b/);
    }
  });

  it('says the empty text across all the columns', () => {
    render(
      <DataTable title="COD Orders" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="No orders found" />,
    );
    const cell = screen.getByRole('cell');
    expect(cell).toHaveTextContent('No orders found');
    expect(cell).toHaveAttribute('colspan', '4');
  });
});
