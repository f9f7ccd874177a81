import { createElement, lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** Starts the queries a screen shows first (a screen's module may export one as prefetch). */
export type Prefetch = (client: QueryClient, search: URLSearchParams) => Promise<unknown>;

/** A component loaded on demand that can also be loaded ahead of its first render, with its first data. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** After preload: the screen's prefetch, if its module has one. */
  prefetch: Prefetch;
};

/**
 * Like React.lazy, with preload(): once its module is loaded the component
 * renders at once instead of suspending. app/boot.tsx loads the current page's
 * screens before the first render, so that render shows the page itself:
 * no spinner, and no wait for React to reveal it (React holds the content of
 * a Suspense boundary whose fallback was just shown back for 300 ms).
 * A failed load is tried again by the next render or preload.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P>; prefetch?: Prefetch }>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let prefetch: Prefetch | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        prefetch = m.prefetch;
      },
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload, prefetch: (client: QueryClient, search: URLSearchParams) => prefetch?.(client, search) ?? Promise.resolve() });
}
