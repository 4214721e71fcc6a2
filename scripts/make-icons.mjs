// Draws the installable page's icons (src/web/icon.svg and its PNG renderings, icon-192.png and
// icon-512.png, which the web app manifest lists): the page's logo, a white die showing three on
// the page's green, full-bleed so that a launcher may mask it to its own shape. Run by hand when
// the logo changes (`node scripts/make-icons.mjs`); the outputs are committed, a few KB each.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'web');
const GREEN = [0x2f, 0x5d, 0x50];
const WHITE = [0xff, 0xff, 0xff];
// The die within the middle 64% (a maskable icon's safe zone is the middle 80%), in units of the side.
const DIE = { from: 0.18, to: 0.82, radius: 0.12 };
const PIPS = [[0.34, 0.34], [0.5, 0.5], [0.66, 0.66]];
const PIP = 0.064;

writeFileSync(
  join(web, 'icon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#2f5d50"/>` +
    `<rect x="${DIE.from * 100}" y="${DIE.from * 100}" width="${(DIE.to - DIE.from) * 100}" height="${(DIE.to - DIE.from) * 100}" rx="${DIE.radius * 100}" fill="#fff"/>` +
    `<g fill="#2f5d50">${PIPS.map(([x, y]) => `<circle cx="${x * 100}" cy="${y * 100}" r="${PIP * 100}"/>`).join('')}</g></svg>\n`,
);

/** Which colour the point (x, y) of the unit square is. */
function colourAt(x, y) {
  if (PIPS.some(([px, py]) => (x - px) ** 2 + (y - py) ** 2 <= PIP ** 2)) return GREEN;
  const { from, to, radius: r } = DIE;
  if (x < from || x > to || y < from || y > to) return GREEN;
  const cx = Math.min(Math.max(x, from + r), to - r);
  const cy = Math.min(Math.max(y, from + r), to - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r ** 2 ? WHITE : GREEN;
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(bytes) {
  let c = -1;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGB PNG of side n, each pixel the mean of 4 × 4 samples (smooth edges). */
function png(n) {
  const S = 4;
  const rows = Buffer.alloc(n * (1 + 3 * n));
  for (let y = 0; y < n; y++) {
    const row = y * (1 + 3 * n);
    for (let x = 0; x < n; x++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < S; sy++) for (let sx = 0; sx < S; sx++) colourAt((x + (sx + 0.5) / S) / n, (y + (sy + 0.5) / S) / n).forEach((v, i) => (sum[i] += v));
      for (let i = 0; i < 3; i++) rows[row + 1 + 3 * x + i] = Math.round(sum[i] / (S * S));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(n, 0);
  header.writeUInt32BE(n, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

for (const n of [192, 512]) writeFileSync(join(web, `icon-${n}.png`), png(n));
