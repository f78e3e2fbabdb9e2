/** Latency samples (milliseconds, fractional) and their percentiles, shared by both load drivers. */

export interface LatencySummary {
  count: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Grows like an array but stores doubles compactly: a full run keeps a few hundred thousand samples. */
export class Samples {
  private data = new Float64Array(4096);
  private length = 0;

  add(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length] = value;
    this.length += 1;
  }

  get count(): number {
    return this.length;
  }

  summary(): LatencySummary {
    const sorted = this.data.slice(0, this.length).sort();
    const sum = sorted.reduce((total, value) => total + value, 0);
    return {
      count: this.length,
      meanMs: round(this.length ? sum / this.length : 0),
      p50Ms: round(percentile(sorted, 50)),
      p90Ms: round(percentile(sorted, 90)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(this.length ? sorted[this.length - 1]! : 0),
    };
  }
}

/** Nearest-rank percentile of ascending values (0 when there are none). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Two decimals for milliseconds, ratios and MB: enough for a table, stable in JSON. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
