// Prints the gzip size of the JavaScript a reader's first page (/guideline/…) loads: the entry
// chunk, its static imports and the reader chunk with its own static imports, read from the
// Vite manifest of the last build (npm run build). The editor and admin code must not be in
// it; the script names any such chunk it finds. It reports, it does not judge: the target
// (under 200 kB) is printed beside the figure.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const READER = 'src/features/reader/components/ReaderPage.tsx';
const FORBIDDEN = [/^src\/features\/(editor|admin)\//, /node_modules\/(lexical|@lexical)\//, /^_lexical/];
const TARGET_KB = 200;

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (err) {
  console.error(`bundle-size: no Vite manifest in ${dist}/.vite (run npm run build first): ${err.message}`);
  process.exit(1);
}

/** The keys of a chunk and of every chunk it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry || !manifest[READER]) {
  console.error(`bundle-size: the manifest lacks ${entry ? READER : 'an entry chunk'}`);
  process.exit(1);
}
const keys = closure(READER, closure(entry));
const rows = [...keys].map((key) => {
  const raw = readFileSync(join(dist, manifest[key].file));
  return { key, file: manifest[key].file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => (n / 1000).toFixed(1);
console.log(`\nJavaScript of a reader's first page (/guideline/…): entry + static imports + reader chunk`);
for (const r of rows) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(8)} kB  ${kb(r.gzip).padStart(7)} kB gzip   ${r.key}`);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(`  ${'total'.padEnd(44)} ${kb(rows.reduce((s, r) => s + r.raw, 0)).padStart(8)} kB  ${kb(total).padStart(7)} kB gzip   (target < ${TARGET_KB} kB)`);
const css = [...keys].flatMap((k) => manifest[k].css ?? []);
const cssGzip = [...new Set(css)].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
console.log(`  CSS of the same chunks: ${kb(cssGzip)} kB gzip (not counted above)`);
const offending = rows.filter((r) => FORBIDDEN.some((re) => re.test(r.key) || re.test(r.file)));
if (offending.length > 0) {
  console.log(`  editor or admin code on the reader's first page: ${offending.map((r) => r.key).join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('  no editor or admin code on the reader\'s first page');
}
