import { afterEach, describe, expect, it, vi } from 'vitest';

type Deliver = (names: string[]) => void;

/** A `PerformanceObserver` that supports `paint` and delivers entries by name when told. */
function stubPaintObserver(): { deliver: Deliver } {
  const handle: { deliver: Deliver } = { deliver: () => {} };
  class PaintObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      handle.deliver = (names) => callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', PaintObserver);
  return handle;
}

const frames = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('firstPaintShown and afterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    vi.useRealTimers();
  });

  it('wait for the first contentful paint to be reported, not for a first paint', async () => {
    const paints = stubPaintObserver();
    const { afterPaint, firstPaintShown } = await import('./progressive');
    const run = vi.fn();
    afterPaint(run);
    let shown = false;
    void firstPaintShown().then(() => (shown = true));
    await frames();
    paints.deliver(['first-paint']);
    await frames();
    expect(shown).toBe(false);
    expect(run).not.toHaveBeenCalled();
    paints.deliver(['first-contentful-paint']);
    await vi.waitFor(() => expect(run).toHaveBeenCalledOnce());
    expect(shown).toBe(true);
  });

  it('a cancelled afterPaint does not run', async () => {
    const paints = stubPaintObserver();
    const { afterPaint } = await import('./progressive');
    const run = vi.fn();
    const cancel = afterPaint(run);
    await frames();
    cancel();
    paints.deliver(['first-contentful-paint']);
    await frames();
    expect(run).not.toHaveBeenCalled();
  });

  it('do not wait without paint timing, nor past 3 s without a paint entry', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const first = await import('./progressive');
    await expect(first.firstPaintShown()).resolves.toBeUndefined();
    vi.resetModules();
    stubPaintObserver();
    vi.useFakeTimers();
    const second = await import('./progressive');
    let shown = false;
    void second.firstPaintShown().then(() => (shown = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
  });
});
