/** What the figures were measured on, read at run time (bench/README.md prints it; nothing typed by hand). */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from './options';

export interface MachineInfo {
  cpuModel: string;
  cpuCount: number;
  memoryGb: number;
  os: string;
  node: string;
  gitCommit: string;
  /** Files with uncommitted changes when the run started (others may be editing the checkout). */
  uncommittedFiles: number;
  postgres?: string;
  /** 1-, 5- and 15-minute load averages at the start and at the end of the run: how busy the machine was. */
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function loadAverage(): number[] {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown',
    cpuCount: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    gitCommit: git(['rev-parse', '--short=12', 'HEAD']) || 'unknown',
    // The benchmark's own outputs (results, the README table) do not change what is measured.
    uncommittedFiles: git(['status', '--porcelain', '--', '.', ':!bench/results', ':!bench/README.md'])
      .split('\n')
      .filter(Boolean).length,
    loadAverageAtStart: loadAverage(),
  };
}
