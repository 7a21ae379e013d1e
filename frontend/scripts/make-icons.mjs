// Writes the PWA icons (PNG) into public/: a rounded square in the default primary colour with a white "V".
// Run once with `node scripts/make-icons.mjs`; the outputs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BG = [0x63, 0x97, 0x48];

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function distToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function coverage(x, y, size, rounded) {
  // normalised coordinates 0..1
  const u = x / size;
  const v = y / size;
  const r = rounded ? 0.22 : 0;
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  const inside = !rounded || Math.hypot(u - cx, v - cy) <= r;
  if (!inside) return null;
  const stroke = 0.075;
  const d = Math.min(distToSegment(u, v, 0.3, 0.3, 0.5, 0.72), distToSegment(u, v, 0.5, 0.72, 0.7, 0.3));
  return d <= stroke;
}

function png(size, rounded) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const ss = 3;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let a = 0;
      let w = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = coverage(x + (sx + 0.5) / ss, y + (sy + 0.5) / ss, size, rounded);
          if (c !== null) {
            a++;
            if (c) w++;
          }
        }
      }
      const n = ss * ss;
      const white = a ? w / a : 0;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = Math.round(BG[0] + (255 - BG[0]) * white);
      raw[o + 1] = Math.round(BG[1] + (255 - BG[1]) * white);
      raw[o + 2] = Math.round(BG[2] + (255 - BG[2]) * white);
      raw[o + 3] = Math.round((255 * a) / n);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('pwa-192.png', out), png(192, true));
writeFileSync(new URL('pwa-512.png', out), png(512, false));
writeFileSync(new URL('apple-touch-icon.png', out), png(180, false));
console.log('icons written');
