/**
 * Runs every benchmark script in bench/ one after another (or those named on the command line:
 * `npm run bench -- solver simulate`), each in its own process so one's threads and heap do not
 * disturb the next.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
/** This runner; the fit scripts that rewrite the fitted data live apart, in fit/. */
const NOT_BENCHMARKS = new Set(['run-all.ts']);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !NOT_BENCHMARKS.has(f))
  .map((f) => f.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : all) {
  console.log(`\n== ${name} ==`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${name}.ts`], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
