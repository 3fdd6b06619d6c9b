#!/usr/bin/env node
// Brotli and gzip copies of the built app's text files (file.js.br, file.js.gz next to file.js):
// compressed once at build time, at the highest level, so neither Flask nor a proxy compresses per
// request. backend/app.py serves the copy the phone accepts; deploy/nginx.conf (gzip_static) and
// deploy/Caddyfile (file_server precompressed) do the same. Files under 1 kB are left alone.
//
//   node scripts/precompress.mjs [outDir=dist]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

const outDir = path.resolve(process.argv[2] ?? "dist");
let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(outDir)) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }));
  count += 1;
  raw += data.length;
  brotli += br.length;
}
console.log(`precompress: ${count} files, ${(raw / 1024).toFixed(1)} kB → ${(brotli / 1024).toFixed(1)} kB brotli`);
