/** What a session's user agent says about the device, in names people know ("Chrome", "iPhone"). */
export interface Device {
  /** Chrome, Safari, Firefox, Edge, Opera, Samsung Internet, Internet Explorer; null when unknown. */
  browser: string | null;
  /** iPhone, iPad, Android, Windows, macOS, ChromeOS, Linux; null when unknown. */
  os: string | null;
  /** a phone or tablet rather than a computer */
  mobile: boolean;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari",
// and the iOS browsers name themselves by their own token (CriOS, FxiOS, EdgiOS).
const browsers: [RegExp, string][] = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (patterns: [RegExp, string][], ua: string) => patterns.find(([re]) => re.test(ua))?.[1] ?? null;

/** Reads browser and system from a user agent string; anything it does not know stays null. */
export function parseUserAgent(userAgent: string): Device {
  const os = first(systems, userAgent);
  return {
    browser: first(browsers, userAgent),
    os,
    mobile: os === 'iPhone' || os === 'iPad' || os === 'Android' || /\bMobile\b/.test(userAgent),
  };
}
