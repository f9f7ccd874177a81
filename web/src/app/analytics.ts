// Optional web analytics: the Google tag, loaded once with the configured
// measurement id, and nothing at all without one. The DOM element is the
// record that it was loaded (React may render twice).
export function loadAnalytics(measurementId: string) {
  if (!measurementId || document.getElementById('cc-gtag')) return;
  const w = window as unknown as { dataLayer: unknown[]; gtag: (...args: unknown[]) => void };
  w.dataLayer = w.dataLayer || [];
  // gtag.js reads only Arguments objects from the data layer (an array is
  // taken as something else and silently ignored), hence `arguments`.
  w.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', measurementId);
  const s = document.createElement('script');
  s.id = 'cc-gtag';
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(s);
}
