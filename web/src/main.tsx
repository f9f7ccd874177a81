// The entry: nothing that the browser must run before it paints the page's
// own HTML (the brand, and the global styles of app/entry.css, in index.html).

/**
 * Resolves once the browser has had a frame to paint the page's HTML. The
 * app's code (preloaded with the page, app/boot.tsx and what it imports)
 * runs only then, so the first paint never waits for it. A hidden tab paints
 * no frames: the timeout goes on without one.
 */
function afterFirstFrame(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

void afterFirstFrame()
  .then(() => import('./app/boot'))
  .then((m) => m.boot());
