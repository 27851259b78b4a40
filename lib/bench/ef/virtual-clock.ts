import type { Clock } from "../../agent/runtime";

interface Timer {
  at: number;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

/**
 * Simulated time. `sleep` takes no real time: once every pending piece of work is asleep (checked
 * on the next macrotask), time jumps to the earliest wake-up. Concurrent sleeps therefore overlap
 * as they would on a real clock, and a run's wall time is the sum along its slowest path.
 */
export class VirtualClock implements Clock {
  private t: number;
  private timers: Timer[] = [];
  private scheduled = false;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.t = start;
  }

  now = (): number => this.t;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = { at: this.t + Math.max(0, ms), resolve, reject };
      this.timers.push(timer);
      signal?.addEventListener(
        "abort",
        () => {
          this.timers = this.timers.filter((x) => x !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
      this.schedule();
    });
  };

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.timers.length === 0) return;
      const at = Math.min(...this.timers.map((x) => x.at));
      this.t = Math.max(this.t, at);
      const due = this.timers.filter((x) => x.at <= this.t);
      this.timers = this.timers.filter((x) => x.at > this.t);
      for (const x of due) x.resolve();
      if (this.timers.length > 0) this.schedule();
    });
  }
}
