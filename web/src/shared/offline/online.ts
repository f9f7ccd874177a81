import { useSyncExternalStore } from 'react';

// Whether the browser has a network, as it says (navigator.onLine and its
// online/offline events). Offline, the screens show the data read last
// (the service worker's cache) and only a new movement can be added.

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return navigator.onLine !== false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
