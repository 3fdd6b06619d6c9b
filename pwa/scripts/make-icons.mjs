// Writes the PWA icons (poker chip with a spade) as PNGs, using only Node built-ins.
// Run: node scripts/make-icons.mjs  (output: public/icons/*.png, committed)
import { deflateSync } from "node:zlib";
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
mkdirSync(out, { recursive: true });

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      // 4x supersampling for smooth edges
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < 2; sy++)
        for (let sx = 0; sx < 2; sx++) {
          const [pr, pg, pb, pa] = pixel((x + (sx + 0.5) / 2) / size, (y + (sy + 0.5) / 2) / size);
          r += pr * pa; g += pg * pa; b += pb * pa; a += pa;
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / 4) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const BG = [11, 15, 20];
const GREEN = [31, 143, 95];
const CREAM = [244, 241, 232];

// Spade: two circles + a triangle top + a stem, in a unit box centred at (0,0), radius ~1.
function inSpade(x, y) {
  const lobes = Math.hypot(x + 0.36, y - 0.12) < 0.4 || Math.hypot(x - 0.36, y - 0.12) < 0.4;
  const top = y <= 0.12 && y >= -0.85 && Math.abs(x) <= ((y + 0.85) / 0.97) * 0.72;
  const stem = y >= 0.2 && y <= 0.85 && Math.abs(x) <= 0.08 + ((y - 0.2) / 0.65) * 0.3;
  return lobes || top || stem;
}

// scale: fraction of the canvas used by the chip (maskable keeps it inside the safe zone).
function chip(scale, fullBleed) {
  return (u, v) => {
    const x = (u - 0.5) * 2 / scale, y = (v - 0.5) * 2 / scale;
    const d = Math.hypot(x, y);
    if (d > 1) return fullBleed ? [...BG, 1] : [0, 0, 0, 0];
    if (d > 0.62) {
      const ang = Math.atan2(y, x);
      const stripe = Math.floor(((ang + Math.PI) / (2 * Math.PI)) * 16) % 2 === 0;
      return d > 0.8 && stripe ? [...CREAM, 1] : [...GREEN, 1];
    }
    if (d > 0.58) return [...CREAM, 1];
    return inSpade(x / 0.42, y / 0.42) ? [...CREAM, 1] : [...BG, 1];
  };
}

const files = {
  "icon-192.png": png(192, chip(0.98, false)),
  "icon-512.png": png(512, chip(0.98, false)),
  "maskable-512.png": png(512, chip(0.72, true)),
  "maskable-192.png": png(192, chip(0.72, true)),
};
for (const [name, buf] of Object.entries(files)) {
  writeFileSync(join(out, name), buf);
  console.log(name, buf.length, "bytes");
}
