import { afterEach, describe, expect, it } from 'vitest';
import { loadAnalytics } from './analytics';

type W = { dataLayer?: unknown[] };

afterEach(() => {
  document.getElementById('cc-gtag')?.remove();
  delete (window as W).dataLayer;
});

describe('analytics', () => {
  it('loads nothing without a measurement id', () => {
    loadAnalytics('');
    expect(document.getElementById('cc-gtag')).toBeNull();
    expect((window as W).dataLayer).toBeUndefined();
  });

  it('loads the Google tag once, with Arguments objects in the data layer', () => {
    loadAnalytics('G-TEST123');
    loadAnalytics('G-TEST123'); // StrictMode renders twice
    const scripts = document.querySelectorAll('script#cc-gtag');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    const layer = (window as W).dataLayer ?? [];
    expect(layer).toHaveLength(2);
    expect(Object.prototype.toString.call(layer[1])).toBe('[object Arguments]');
    expect(Array.from(layer[1] as ArrayLike<unknown>)).toEqual(['config', 'G-TEST123']);
  });
});
