/**
 * The cluster test's checks (bench/cluster.ts): each one PASS or FAIL with what was seen, printed as it is made
 * and again in the summary; any FAIL makes the run exit non-zero. What the stages share is here too.
 */
import { wasInterrupted } from '../cleanup';
import type { HttpClient } from './http';
import type { RunningNginx } from './nginx';
import type { Cluster } from './cluster';

/**
 * Checks of what several processes share beyond the database's own rows, marked so in their names: the catalog
 * cache's invalidations sent to every process through LISTEN/NOTIFY (an edit seen everywhere within 1 s, not the
 * 5 s TTL; docs/decisions/0020-several-processes.md), and the login limits counted across processes
 * (docs/decisions/0019-shared-rate-limits.md).
 */
export const MARK_NOTIFY = '[cross-process cache, 0020]';
export const MARK_SHARED_LIMITS = '[shared limits, 0019]';

export interface CheckResult {
  name: string;
  pass: boolean;
  detail: string;
}

export class Checks {
  readonly results: CheckResult[] = [];

  constructor(private readonly log: (text: string) => void) {}

  /** Records a check and prints it; answers whether it passed. After Ctrl-C nothing is checked any more. */
  check(name: string, pass: boolean, detail = ''): boolean {
    if (wasInterrupted()) return pass;
    this.results.push({ name, pass, detail });
    this.log(`${pass ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
    return pass;
  }

  get failures(): CheckResult[] {
    return this.results.filter((result) => !result.pass);
  }
}

/** What every stage works with. */
export interface Stage {
  cluster: Cluster;
  nginx: RunningNginx;
  admin: HttpClient;
  checks: Checks;
  log: (text: string) => void;
  /** Unique per run: in e-mails and product titles. */
  tag: string;
  /** AUTH_RATE_LIMIT of the processes. */
  authRateLimit: number;
}

/** How many requests each process answered, as "p1 17, p2 17, p3 16" (from nginx's access log). */
export function spreadOf(cluster: Cluster, upstreams: string[][]): string {
  const counts = cluster.apps.map((app) => {
    const host = new URL(app.url).host;
    return upstreams.filter((tried) => tried[tried.length - 1] === host).length;
  });
  return counts.map((n, index) => `p${index + 1} ${n}`).join(', ');
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
