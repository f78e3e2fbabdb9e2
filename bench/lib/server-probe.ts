/**
 * What the server process spends, sampled by the checkout load at the start and the end of its measured
 * phase: its CPU time (utime + stime of /proc/<pid>/stat: the JavaScript thread, the garbage collector and
 * libuv's pool together) and, on PostgreSQL, the SQL statements it sent (bench/lib/count-statements.mjs,
 * preloaded into the server, writes its count to a file on SIGWINCH), and then the CPU time of the PostgreSQL processes
 * of this machine (postgresCpuMs: the database's share of the work, when it runs here). Also its resident memory, which the
 * harness samples during every scenario and the soak load every 10 s.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';

export interface ServerProbe {
  pid: number;
  /** Where the preloaded counter writes its count (PostgreSQL only). */
  statementsFile?: string;
  /** On PostgreSQL: sample the CPU time of this machine's PostgreSQL processes too. */
  postgres?: boolean;
}

export interface ServerSample {
  cpuMs: number;
  statements?: number;
  /** Each PostgreSQL process's CPU ms (postgresCpuMs), on PostgreSQL. */
  postgresCpu?: Map<number, number>;
}

/** Clock ticks per second of /proc's times (100 on Linux, asked once). */
const ticksPerSecond = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(answer.stdout?.trim()) || 100;
})();

/** How long the counter has to answer a SIGWINCH (the server's event loop may be busy). */
const STATEMENTS_TIMEOUT_MS = 10_000;
const POLL_MS = 2;

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status), or undefined once it is gone. */
export function residentMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The process's CPU time in ms so far. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The CPU time in ms so far of every PostgreSQL process on this machine (those whose command is `postgres`: the
 * postmaster, its workers and each connection's backend), by pid: a backend that ends between two samples drops out.
 */
export function postgresCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        times.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return times;
}

/** CPU ms spent between two postgresCpuMs samples by the processes alive at the second (new ones from 0). */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function statementsOf(pid: number, file: string): Promise<number> {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGWINCH');
  const deadline = performance.now() + STATEMENTS_TIMEOUT_MS;
  while (performance.now() < deadline) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // not written yet
    }
    if (/^\d+$/.test(text)) return Number(text);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`The server's statement counter did not answer within ${STATEMENTS_TIMEOUT_MS} ms.`);
}

/** Reads the CPU times at once (before anything else can run), then asks for the statement count. */
export async function sampleServer(probe: ServerProbe): Promise<ServerSample> {
  const cpuMs = cpuMsOf(probe.pid);
  const postgresCpu = probe.postgres ? postgresCpuMs() : undefined;
  const statements = probe.statementsFile ? await statementsOf(probe.pid, probe.statementsFile) : undefined;
  return { cpuMs, statements, postgresCpu };
}
