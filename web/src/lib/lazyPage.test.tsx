import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadWhenIdle } from './lazyPage';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('lazyPage', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once, whether preloaded or rendered first', async () => {
    const load = vi.fn(async () => Hello);
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="ana" />
      </Suspense>,
    );
    expect(await screen.findByText('hello ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is tried again by the next one', async () => {
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloadWhenIdle waits for idle time, swallows a failure and can be cancelled', async () => {
    vi.useFakeTimers();
    const preload = vi.fn(async () => {
      throw new Error('offline');
    });
    preloadWhenIdle(preload);
    const cancel = preloadWhenIdle(preload);
    cancel();
    expect(preload).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
