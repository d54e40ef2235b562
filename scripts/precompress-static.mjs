// Writes a brotli copy (quality 11) beside each script and stylesheet of the Next.js build's
// static folder. Their names carry a content hash and never change, so the slow top quality is paid
// once per build instead of a fast, larger encoding on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/** Compresses every compressible file under `dir`; returns how many `.br` copies were written. */
export function precompressStatic(dir) {
  let written = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      written += precompressStatic(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    // a copy no smaller than the file is not worth a second read
    if (br.length >= raw.length) continue;
    writeFileSync(`${path}.br`, br);
    written++;
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? "apps/web/.next/static";
  console.log(`▶ ${precompressStatic(dir)} static files precompressed (brotli 11)`);
}
