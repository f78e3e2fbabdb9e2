import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportDryRunResponse, ImportLine } from '@pumpkart/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAs, mockFetch, renderWithStore } from '../../test/render';
import { ProductImportDialog } from './import-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => loginAs('admin'));

const summary = { rows: 601, products: 301, create: 300, update: 0, unchanged: 0, refused: 1 };
const dryRun: ImportDryRunResponse = {
  encoding: 'windows-1252',
  summary,
  rows: [
    {
      row: 2,
      action: 'create',
      title: 'Gauge 001',
      productId: null,
      reasons: [],
      notice: 'Stored as a draft (inactive): it needs a picture before it can be active.',
    },
    { row: 602, action: 'refused', title: 'Broken', productId: null, reasons: ['Price must be a number.'] },
  ],
  truncated: true,
};

/** An NDJSON answer whose lines the test sends one at a time. */
function streamedAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const send = (line: ImportLine) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
  const response = new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  return { response, send, end: () => controller.close() };
}

const file = () => new File(['id,title\r\n'], 'products.csv', { type: 'text/csv' });

function renderDialog() {
  const onImported = vi.fn();
  renderWithStore(<ProductImportDialog onClose={() => undefined} onImported={onImported} />);
  return { onImported };
}

describe('ProductImportDialog', () => {
  it('shows the dry run, then a progress bar that follows each progress line, then the result', async () => {
    const apply = streamedAnswer();
    const fetchMock = mockFetch({
      'POST /api/products/import/dry-run': { body: dryRun },
      'POST /api/products/import/apply': (() => Promise.resolve(apply.response)) as never,
    });
    const { onImported } = renderDialog();
    await userEvent.upload(screen.getByLabelText('CSV file'), file());

    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      '301 products in 601 rows: 300 to create, 0 to update, 0 unchanged, 1 refused.',
    );
    expect(screen.getByRole('row', { name: /602 Refused Broken Price must be a number\./ })).toBeInTheDocument();
    expect(screen.getByText(/The first 2 rows are listed/)).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: /^2 Create Gauge 001 Stored as a draft \(inactive\): it needs a picture/ }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('import-encoding')).toHaveTextContent(/^Read as Windows-1252 \(Latin-1\)\./);
    const [, dryRunCall] = fetchMock.mock.calls[0]!;
    expect(dryRunCall?.headers).toMatchObject({ 'content-type': 'text/csv', authorization: 'Bearer test-token' });
    expect(dryRunCall?.body).toBeInstanceOf(File);

    await userEvent.click(screen.getByRole('button', { name: 'Apply 300 changes' }));
    const bar = () => screen.getByRole('progressbar');
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
    apply.send({ type: 'progress', done: 0, total: 601 });
    apply.send({ type: 'progress', done: 200, total: 601 });
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '200'));
    expect(screen.getByText('Importing… 200 of 601 rows')).toBeInTheDocument();
    apply.send({ type: 'progress', done: 400, total: 601 });
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '400'));

    apply.send({
      type: 'done',
      encoding: 'utf-8',
      summary: { ...summary },
      rows: [dryRun.rows[1]!, { ...dryRun.rows[0]!, productId: 'p-new' }],
      truncated: false,
    });
    apply.end();
    expect(await screen.findByText('Import finished.')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '601');
    expect(screen.getByTestId('import-summary')).toHaveTextContent(
      '301 products in 601 rows: 300 created, 0 updated, 0 unchanged, 1 refused.',
    );
    // Only the refused rows are listed after the apply.
    expect(screen.queryByRole('row', { name: /Gauge 001/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /602 Refused/ })).toBeInTheDocument();
    expect(screen.getByTestId('import-encoding')).toHaveTextContent('Read as UTF-8.');
    expect(onImported).toHaveBeenCalledOnce();
  });

  it('says in words why a file is refused, and offers the file input again', async () => {
    mockFetch({
      'POST /api/products/import/dry-run': {
        status: 400,
        body: { message: "The first row is not the products CSV header: Unknown column 'photos'." },
      },
    });
    renderDialog();
    await userEvent.upload(screen.getByLabelText('CSV file'), file());
    expect(await screen.findByRole('alert')).toHaveTextContent("Unknown column 'photos'.");
    expect(screen.getByLabelText('CSV file')).toBeEnabled();
  });

  it('says so when the answer stops before its result', async () => {
    const apply = streamedAnswer();
    mockFetch({
      'POST /api/products/import/dry-run': { body: dryRun },
      'POST /api/products/import/apply': (() => Promise.resolve(apply.response)) as never,
    });
    const { onImported } = renderDialog();
    await userEvent.upload(screen.getByLabelText('CSV file'), file());
    await userEvent.click(await screen.findByRole('button', { name: 'Apply 300 changes' }));
    apply.send({ type: 'progress', done: 200, total: 601 });
    apply.end();
    expect(await screen.findByRole('alert')).toHaveTextContent(/The import stopped before it finished/);
    expect(onImported).toHaveBeenCalledOnce();
  });
});
