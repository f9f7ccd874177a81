import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());

// The server's session hint cookie (see hasSessionHint): tests answer GET
// /api/v1/me themselves, signed in or not; the ones about a browser without a
// session remove it (setSessionHint in render.tsx).
const hint = () => (document.cookie = 'cc_signed_in=1; path=/');
hint();
afterEach(hint);
// The remembered language (rememberLanguage) does not pass from one test to the next.
afterEach(() => (document.cookie = 'cc_lang=; max-age=0; path=/'));

// The machine is shared (2 cores, several builds at once, `make test` run
// with nice -n 19 beside them): a screen may take many seconds to appear
// (seen: over 5 s for a menu to open under a load of 13). Waiting longer
// never hides a screen that does not come: it still fails, later; a test
// that passes waits only as long as its outcome takes.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = RO as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};

// jsdom lays nothing out: every box measures 0×0, and recharts warns that a
// chart has no size. Its responsive container gets the size of a report's
// chart; every other element keeps jsdom's answer.
const measure = Element.prototype.getBoundingClientRect;
Element.prototype.getBoundingClientRect = function (this: Element) {
  return this.classList.contains('recharts-responsive-container') ? DOMRect.fromRect({ width: 640, height: 280 }) : measure.call(this);
};
