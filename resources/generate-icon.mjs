// Writes resources/icon.png (512x512 RGBA) and the web app's favicon.ico (a 32x32 PNG inside an
// ICO container): a blue rounded square with a white check mark, Tracklint's "tracking is correct".
// Run `node resources/generate-icon.mjs` after changing it.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // 4x4 supersampling for smooth edges
const BLUE = [34, 139, 230];
const WHITE = [255, 255, 255];

function insideRoundedSquare(x, y) {
  const margin = 24;
  const radius = 96;
  const min = margin + radius;
  const max = SIZE - margin - radius;
  const cx = Math.min(Math.max(x, min), max);
  const cy = Math.min(Math.max(y, min), max);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

const CHECK = [[140, 270], [224, 354], [380, 180]];
function onCheckMark(x, y) {
  const half = 30;
  return distanceToSegment(x, y, CHECK[0], CHECK[1]) <= half || distanceToSegment(x, y, CHECK[1], CHECK[2]) <= half;
}

function pixels(size) {
  const scale = SIZE / size;
  const raw = Buffer.alloc(size * (size * 4 + 1));
for (let y = 0; y < size; y += 1) {
  const row = y * (size * 4 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < size; x += 1) {
    let square = 0;
    let check = 0;
    for (let sy = 0; sy < SAMPLES; sy += 1) {
      for (let sx = 0; sx < SAMPLES; sx += 1) {
        const px = (x + (sx + 0.5) / SAMPLES) * scale;
        const py = (y + (sy + 0.5) / SAMPLES) * scale;
        if (insideRoundedSquare(px, py)) {
          square += 1;
          if (onCheckMark(px, py)) check += 1;
        }
      }
    }
    const total = SAMPLES * SAMPLES;
    const alpha = square / total;
    const white = square === 0 ? 0 : check / square;
    const offset = row + 1 + x * 4;
    for (let channel = 0; channel < 3; channel += 1) {
      raw[offset + channel] = Math.round(BLUE[channel] * (1 - white) + WHITE[channel] * white);
    }
    raw[offset + 3] = Math.round(alpha * 255);
  }
}
  return raw;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels(size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO file holding one PNG image (valid since Windows Vista; every browser reads it). */
function ico(image, size) {
  const dir = Buffer.alloc(6 + 16);
  dir.writeUInt16LE(0, 0); // reserved
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(1, 4); // one image
  dir[6] = size; // width
  dir[7] = size; // height
  dir.writeUInt16LE(1, 10); // colour planes
  dir.writeUInt16LE(32, 12); // bits per pixel
  dir.writeUInt32LE(image.length, 14);
  dir.writeUInt32LE(dir.length, 18);
  return Buffer.concat([dir, image]);
}

const icon = png(SIZE);
writeFileSync(new URL('./icon.png', import.meta.url), icon);
console.log(`wrote resources/icon.png (${icon.length} bytes)`);
const favicon = ico(png(32), 32);
writeFileSync(new URL('../src/renderer/public/favicon.ico', import.meta.url), favicon);
console.log(`wrote src/renderer/public/favicon.ico (${favicon.length} bytes)`);
