// A browser's User-Agent in two words, for the security activity: which
// browser on which system ("Firefox", "Android"). The order matters: Edge and
// Opera also say Chrome, Chrome also says Safari, Android also says Linux.

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface Device {
  /** null when not a browser this knows: a tool's own name ("curl") if it gives one. */
  browser: string | null;
  os: string | null;
}

export function deviceOf(userAgent: string): Device {
  const ua = userAgent.trim();
  const browser = browsers.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = systems.find(([re]) => re.test(ua))?.[1] ?? null;
  // Not a browser: a script's client says its name first ("curl/8.5.0", "Go-http-client/1.1").
  const tool = !browser && !ua.startsWith('Mozilla/') ? (/^([A-Za-z][\w.-]*)\//.exec(ua)?.[1] ?? null) : null;
  return { browser: browser ?? tool, os };
}
