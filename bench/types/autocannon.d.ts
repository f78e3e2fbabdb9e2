/** The part of autocannon 9's programmatic API the load process uses (the package ships no types). */
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    maxOverallRequests?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  interface AutocannonResult {
    duration: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats?: Record<string, { count: number }>;
  }

  interface Instance extends PromiseLike<AutocannonResult> {
    stop(): void;
    /** 'response': (client, statusCode, resBytes, responseTime in fractional ms). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: AutocannonOptions): Instance;
  export default autocannon;
  export type { AutocannonOptions, AutocannonResult };
}
