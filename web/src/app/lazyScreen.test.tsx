import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazyScreen';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyScreen', () => {
  it('once preloaded, renders at once: its Suspense boundary never shows the fallback', async () => {
    const Screen = lazyScreen(async () => ({ default: Hello }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen name="Ana" />
      </Suspense>,
    );
    // Synchronously: no act() to wait for, no fallback in between.
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('not preloaded, suspends like React.lazy and loads once', async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const Screen = lazyScreen(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen name="Luis" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Luis')).toBeInTheDocument();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again by the next preload', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Hello }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Hello });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => {
      render(<Screen name="Eva" />);
    });
    expect(screen.getByText('Hello Eva')).toBeInTheDocument();
  });

  it('prefetch runs the module’s own, with the page’s search, once loaded', async () => {
    const prefetch = vi.fn(async () => undefined);
    const Screen = lazyScreen(async () => ({ default: Hello, prefetch }));
    const client = new QueryClient();
    await Screen.prefetch(client, new URLSearchParams('q=cine'));
    expect(prefetch).not.toHaveBeenCalled();
    await Screen.preload();
    await Screen.prefetch(client, new URLSearchParams('q=cine'));
    expect(prefetch).toHaveBeenCalledWith(client, new URLSearchParams('q=cine'));
  });
});
