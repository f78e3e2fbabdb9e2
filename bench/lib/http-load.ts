/**
 * One read scenario driven by autocannon: a warm-up run whose figures are thrown away, then the
 * measured run, bounded by time (duration) and by count (maxOverallRequests). Latency comes from
 * autocannon's per-response event (fractional milliseconds; its own histogram keeps whole ones).
 */
import autocannon from 'autocannon';
import type { HttpLoadRequest, HttpLoadResult } from './load-types';
import { cpuMsOf, postgresCpuBetween, postgresCpuMs } from './server-probe';
import { round, Samples } from './stats';

export async function runHttpLoad(request: HttpLoadRequest): Promise<HttpLoadResult> {
  const base = {
    url: request.url,
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    connections: request.connections,
    pipelining: 1,
    timeout: 10,
  };
  if (request.warmupSeconds > 0) {
    await autocannon({ ...base, duration: request.warmupSeconds, maxOverallRequests: request.maxRequests });
  }

  const samples = new Samples();
  const statusCounts: Record<string, number> = {};
  const expected = request.expectStatus;
  let unexpectedStatus = 0;
  let okResponses = 0;
  let okBytes = 0;
  const cpu = request.cpu;
  const serverBefore = cpu ? cpuMsOf(cpu.serverPid) : 0;
  const postgresBefore = cpu?.postgres ? postgresCpuMs() : undefined;
  const instance = autocannon({ ...base, duration: request.durationSeconds, maxOverallRequests: request.maxRequests });
  instance.on('response', (_client: unknown, statusCode: number, bytes: number, responseTime: number) => {
    samples.add(responseTime);
    if (statusCode >= 200 && statusCode < 300) {
      okResponses += 1;
      okBytes += bytes;
    }
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    const ok = expected ? expected.includes(statusCode) : statusCode >= 200 && statusCode < 300;
    if (!ok) unexpectedStatus += 1;
  });
  const result = await instance;
  const requests = samples.count;
  const serverAfter = cpu ? cpuMsOf(cpu.serverPid) : 0;
  const postgresMs = postgresBefore && postgresCpuBetween(postgresBefore, postgresCpuMs());
  const perRequest = (ms: number) => round(ms / Math.max(requests, 1), 2);
  return {
    mode: 'http',
    requests,
    durationSeconds: result.duration,
    requestsPerSecond: round(requests / result.duration, 1),
    latency: samples.summary(),
    unexpectedStatus,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    bytesPerSecond: Math.round(result.throughput.average),
    bytesPerResponse: okResponses ? Math.round(okBytes / okResponses) : 0,
    ...(cpu && {
      cpuMsPerRequest: {
        server: perRequest(serverAfter - serverBefore),
        ...(postgresMs !== undefined && { postgres: perRequest(postgresMs) }),
      },
    }),
  };
}
