/** «Chrome en Windows»: a session's device in words, from its user agent (enough to recognise one's own). */
export function deviceInWords(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconocido';
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Dispositivo desconocido';
}

// Order matters: Edge and Opera say Chrome too, Chrome says Safari too.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const browserOf = (ua: string) => BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
const systemOf = (ua: string) => SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
