import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export interface EventLoopDelay {
  /** Longest single stall of this process's event loop since the window started (ms). */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  /** How long the window lasted (ms). */
  windowMs: number;
}

/**
 * Measures how long this process's event loop is held between turns. Reading it starts a new
 * window, so an operator (or a test, or the bench) reads the worst stall of exactly the period
 * it is interested in.
 */
export class EventLoopMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 5 });
  private windowStart = performance.now();

  constructor() {
    this.histogram.enable();
  }

  readAndReset(): EventLoopDelay {
    const h = this.histogram;
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    // An empty histogram reports huge sentinel values; no sample means no stall.
    const sampled = h.count > 0;
    const result = {
      maxMs: sampled ? ms(h.max) : 0,
      p99Ms: sampled ? ms(h.percentile(99)) : 0,
      meanMs: sampled ? ms(h.mean) : 0,
      windowMs: Math.round(performance.now() - this.windowStart),
    };
    h.reset();
    this.windowStart = performance.now();
    return result;
  }

  stop(): void {
    this.histogram.disable();
  }
}
