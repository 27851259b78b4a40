import { describe, expect, it } from "vitest";
import { VirtualClock } from "./virtual-clock";

describe("VirtualClock", () => {
  it("overlaps concurrent sleeps and adds sequential ones, in no real time", async () => {
    const clock = new VirtualClock(0);
    const started = performance.now();
    const work = async (a: number, b: number) => {
      await clock.sleep(a);
      await clock.sleep(b);
      return clock.now();
    };
    const ends = await Promise.all([work(100, 100), work(300, 50), work(10, 10)]);
    expect(ends).toEqual([200, 350, 20]);
    expect(clock.now()).toBe(350);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("rejects a sleep whose signal aborts, without moving time for it", async () => {
    const clock = new VirtualClock(0);
    const abort = new AbortController();
    const p = clock.sleep(1_000, abort.signal);
    abort.abort("stop");
    await expect(p).rejects.toBe("stop");
    await clock.sleep(5);
    expect(clock.now()).toBe(5);
  });
});
