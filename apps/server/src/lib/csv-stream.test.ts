import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { csvAmount, sendCsv, textCell, type CsvRow } from './csv-stream';
import { keysetBatches } from './keyset-batches';

/** A reader of endless batches that counts what it was asked for and notices when it is stopped. */
function endlessBatches(rowsPerBatch: number) {
  const state = { batches: 0, stopped: false };
  async function* batches(): AsyncGenerator<CsvRow[]> {
    try {
      for (;;) {
        state.batches += 1;
        await sleep(1);
        yield Array.from({ length: rowsPerBatch }, (_, index) => [`row ${index}`, 'x'.repeat(100)]);
      }
    } finally {
      state.stopped = true;
    }
  }
  return { state, batches: batches() };
}

let server: FastifyInstance | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose one route sends `batches` as a CSV file; answers its address. */
async function serve(batches: AsyncIterable<readonly CsvRow[]>): Promise<string> {
  server = Fastify({ forceCloseConnections: true });
  server.get('/file.csv', (_request, reply) => sendCsv(reply, { fileName: 'file.csv', columns: ['a', 'b'], batches }));
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/file.csv`;
}

/** Opens the download and answers the response without reading its body. */
function open(url: string): Promise<{ response: http.IncomingMessage; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => resolve({ response, request }));
    request.on('error', reject);
  });
}

async function until(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

describe('sendCsv', () => {
  it('writes a BOM, the header, CRLF lines, quotes where needed and blanks for null', async () => {
    async function* batches() {
      yield [['Asha, "AP"', 12] as CsvRow, ['two\nlines', null]];
      yield [['₹ Meera', '-0.05'] as CsvRow];
    }
    server = Fastify();
    server.get('/file.csv', (_request, reply) =>
      sendCsv(reply, { fileName: 'people.csv', columns: ['Name', 'Amount'], batches: batches() }),
    );
    const res = await server.inject({ method: 'GET', url: '/file.csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="people.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe('\uFEFFName,Amount\r\n"Asha, ""AP""",12\r\n"two\nlines",\r\n₹ Meera,-0.05\r\n');
  });

  it('reads the next batch only when the client takes the rows, and stops reading when the client goes away', async () => {
    const { state, batches } = endlessBatches(1_000);
    const { response, request } = await open(await serve(batches));
    expect(response.statusCode).toBe(200);
    response.pause();
    // Reading goes on until the socket's buffers are full, then waits: the count settles.
    let whilePaused = -1;
    const deadline = Date.now() + 10_000;
    while (state.batches !== whilePaused && Date.now() < deadline) {
      whilePaused = state.batches;
      await sleep(300);
    }
    // Each batch is ~110 kB; the buffers hold a few of them, never the endless rest.
    expect(whilePaused).toBeLessThan(100);
    await sleep(300);
    expect(state.batches).toBe(whilePaused);

    response.resume();
    await until(() => state.batches > whilePaused + 10);
    request.destroy();
    await until(() => state.stopped);
    const atStop = state.batches;
    await sleep(100);
    expect(state.batches).toBe(atStop);
  });

  it('starts the answer before the rows are all read', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    async function* batches() {
      yield [['first', 1] as CsvRow];
      await released;
      yield [['second', 2] as CsvRow];
    }
    const { response } = await open(await serve(batches()));
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (text += chunk));
    await until(() => text.includes('first,1'));
    await sleep(50);
    expect(text).not.toContain('second');
    release();
    await once(response, 'end');
    expect(text).toBe('\uFEFFa,b\r\nfirst,1\r\nsecond,2\r\n');
  });
});

describe('textCell', () => {
  it('puts an apostrophe before a text a spreadsheet would run as a formula, not before a plain number', () => {
    expect(
      ['=1+2', '+91 98', '-x', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+2', 'Asha', '-0.05', '12', ''].map(textCell),
    ).toEqual(["'=1+2", "'+91 98", "'-x", "'@SUM(A1)", "'\tx", "'\rx", "'\uFF1D1+2", 'Asha', '-0.05', '12', '']);
  });

  it('writes paise as rupees with two decimals', () => {
    expect([csvAmount(0), csvAmount(5), csvAmount(-5), csvAmount(12_345_678_90)]).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '12345678.90',
    ]);
  });
});

describe('keysetBatches', () => {
  it('reads after the last key of each full batch until a batch comes back short', async () => {
    const keys = Array.from({ length: 7 }, (_, index) => index + 1);
    const asked: (number | undefined)[] = [];
    const read = (after: number | undefined, size: number) => {
      asked.push(after);
      return Promise.resolve(keys.filter((key) => key > (after ?? 0)).slice(0, size));
    };
    const batches: number[][] = [];
    for await (const batch of keysetBatches(read, (key) => key, 3)) batches.push(batch);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(asked).toEqual([undefined, 3, 6]);
    const exact: number[][] = [];
    for await (const batch of keysetBatches(read, (key) => key, 7)) exact.push(batch);
    expect(exact).toEqual([keys]);
  });
});
