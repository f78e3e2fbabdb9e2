/**
 * The load process: started by bench/run.ts as a separate process on the same machine, it takes one
 * load request (JSON, first argument), drives it against the server on 127.0.0.1, prints the figures
 * as one JSON line on stdout and exits. Progress and problems go to stderr.
 */
import { runCheckoutLoad } from './lib/checkout-load';
import { runHttpLoad } from './lib/http-load';
import type { LoadRequest, LoadResult } from './lib/load-types';
import { runSoakLoad } from './lib/soak-load';

async function main() {
  const text = process.argv[2];
  if (!text) throw new Error('usage: load.ts <load request as JSON>');
  const request = JSON.parse(text) as LoadRequest;
  const result: LoadResult =
    request.mode === 'http'
      ? await runHttpLoad(request)
      : request.mode === 'soak'
        ? await runSoakLoad(request)
        : await runCheckoutLoad(request);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
