/**
 * Addresses the editor writes into guideline HTML. Everything here produces only what the
 * server's allow-list keeps (services/guidelines/sanitize.go): links to http(s), mailto, tel
 * and paths of this site; embedded players from youtube-nocookie.com and player.vimeo.com.
 */

/** Where uploaded files are served (media.URL on the server). */
export const documentUrl = (hash: string) => `/api/common/get/document/${hash}`;

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{2,30}$/;
const HOST = /^(localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})$/i;
const BARE_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Whether text is one e-mail address. */
export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

function isWebUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && HOST.test(url.hostname);
}

/**
 * The href for what an author typed into the link dialog, or null when it is no valid link
 * ('Invalid url'): web addresses (with or without https://), e-mail addresses (→ mailto:),
 * tel: numbers, and paths or anchors of this site. Other schemes (javascript:, data: …) are refused.
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return /\s/.test(text) ? null : text;
  if (text.startsWith('#')) return /^#[A-Za-z][\w:.-]*$/.test(text) ? text : null;
  const lower = text.toLowerCase();
  if (lower.startsWith('mailto:')) return isEmail(text.slice(7)) ? `mailto:${text.slice(7)}` : null;
  if (lower.startsWith('tel:')) return PHONE.test(text.slice(4)) ? `tel:${text.slice(4).replace(/[^0-9+]/g, '')}` : null;
  if (isEmail(text)) return `mailto:${text}`;
  if (lower.startsWith('http://') || lower.startsWith('https://')) return isWebUrl(text) ? text : null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text)) return null;
  if (BARE_DOMAIN.test(text)) {
    const url = `https://${text}`;
    return isWebUrl(url) ? url : null;
  }
  return null;
}

/** A player to embed: where it comes from and its privacy-friendly embed address. */
export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  id: string;
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{3,12}$/;

/** Seconds from a YouTube t= or start= value such as 90, 90s or 1m30s. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!m || !value) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/**
 * The embed for a YouTube or Vimeo address (watch, short, embed and share links), or null.
 * YouTube plays from youtube-nocookie.com, which sets no cookies until playback.
 */
export function parseVideoUrl(input: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(input.trim().startsWith('http') ? input.trim() : `https://${input.trim()}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  if (id !== undefined) {
    if (!YOUTUBE_ID.test(id)) return null;
    const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return { provider: 'youtube', id, src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}` };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const vid = [...parts].reverse().find((p) => VIMEO_ID.test(p));
    if (!vid) return null;
    return { provider: 'vimeo', id: vid, src: `https://player.vimeo.com/video/${vid}` };
  }
  return null;
}

/** Whether src is an embed address the server keeps (the sanitiser's videoPlayers rule). */
export function isEmbedSrc(src: string): boolean {
  return /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[A-Za-z0-9_?=&/-]+$/.test(src);
}

/** Whether src is an address the server keeps on video and source elements (its mediaURL rule). */
export function isMediaSrc(src: string): boolean {
  return /^(https?:\/\/[^\s"'<>]+|\/[^/\s"'<>][^\s"'<>]*)$/.test(src);
}
