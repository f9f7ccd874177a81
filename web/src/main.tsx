// The entry: the global styles, and nothing else that the browser must run
// before it paints the page's own HTML (the brand, in index.html).
// Mantine's global styles; each component's own styles come with the chunk
// that uses it (mantineCssPerComponent in vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/global.css';

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
