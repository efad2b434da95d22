/** A browser and its system, named from a User-Agent; null where it does not say. */
export interface Device {
  browser: string | null;
  system: string | null;
}

// The first that matches names it: Edge and Opera say 'Chrome' too, Chrome says 'Safari' too.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
// iPhones and iPads say 'like Mac OS X', Android says 'Linux': the more particular first.
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

/** Names the browser and system of a sign-in from the User-Agent it was made with. */
export function describeUserAgent(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(userAgent, BROWSERS), system: first(userAgent, SYSTEMS) };
}
