/** The soak's memory figures from its VmRSS samples: the value at given minutes, and the slope at the end. */

export interface RssSample {
  seconds: number;
  rssMb: number;
}

/** The sample nearest to `seconds` (undefined without samples). */
export function rssNear(samples: RssSample[], seconds: number): number | undefined {
  let best: RssSample | undefined;
  for (const sample of samples) {
    if (!best || Math.abs(sample.seconds - seconds) < Math.abs(best.seconds - seconds)) best = sample;
  }
  return best?.rssMb;
}

/** Least-squares slope of VmRSS in MB per minute over the samples from `fromSeconds` on (0 with fewer than two). */
export function rssSlopeMbPerMinute(samples: RssSample[], fromSeconds: number): number {
  const window = samples.filter((sample) => sample.seconds >= fromSeconds);
  if (window.length < 2) return 0;
  const meanX = window.reduce((sum, sample) => sum + sample.seconds, 0) / window.length;
  const meanY = window.reduce((sum, sample) => sum + sample.rssMb, 0) / window.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of window) {
    covariance += (sample.seconds - meanX) * (sample.rssMb - meanY);
    variance += (sample.seconds - meanX) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 60;
}

/**
 * What the soak row reports for a run of `minutes`: VmRSS at 1, 5 and 10 minutes (those within the run) and at the
 * end, and the slope over the last 5 minutes (over the last half of a run shorter than 10).
 */
export function soakMemory(samples: RssSample[], minutes: number) {
  const marks = [...new Set([1, 5, 10, minutes].filter((minute) => minute <= minutes))].sort((a, b) => a - b);
  const rssAt = marks.map((minute) => ({ minute, rssMb: rssNear(samples, minute * 60) ?? 0 }));
  const slopeMinutes = Math.min(5, minutes / 2);
  const end = samples.at(-1)?.seconds ?? minutes * 60;
  return { rssAt, slopeMinutes, slopeMbPerMinute: rssSlopeMbPerMinute(samples, end - slopeMinutes * 60) };
}
