import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserFingerprint } from '../src/browser/table-supply.ts';
import { readTableIndex, tableFileName, TABLE_INDEX_FORMAT } from '../src/browser/table-index.ts';
import { RULESET_IDS, RULESETS, ruleSetFingerprint } from '../src/rules/index.ts';
import { readEngineListing, webEngineDir, findWebDir } from '../src/server/routes/web-site.ts';

/**
 * The browser engine is the engine: its bundle (dist/web-engine, `npm run build`) is made of the
 * compiled modules of src/ (the turn engine, its WebAssembly kernel, the advisor) and two
 * packages they import, nothing of the server, the store or Node; and what it checks tables by
 * (the rule set's fingerprint, the index's entries) is what the server writes.
 */

const root = fileURLToPath(new URL('../', import.meta.url));

describe('the browser engine bundle', () => {
  const listing = readEngineListing(webEngineDir(findWebDir()));

  it('is built (npm run build)', () => {
    expect(listing, 'dist/web-engine/files.json: run npm run build').toBeDefined();
  });

  it('holds the engine’s own compiled modules, the kernel among them, and only zod and lru-cache besides', () => {
    const modules = listing!.modules;
    for (const m of ['dist/src/solver/turn-engine.js', 'dist/src/solver/kernel/turn-kernel.js', 'dist/src/solver/kernel/turn-kernel-wasm.js', 'dist/src/solver/build-table.js', 'dist/src/advisor/advise.js', 'dist/src/analysis/review-chunk.js', 'dist/src/approx/multi-column-models.js']) {
      expect(modules).toContain(m);
    }
    const foreign = modules.filter((m) => !m.startsWith('dist/src/') && !/^node_modules\/(?:zod|lru-cache)\//.test(m) && !/^(?:stub|stub-locales|neural-slot):/.test(m));
    expect(foreign).toEqual([]);
    expect(modules.filter((m) => /^dist\/src\/(?:store|server|cli)\//.test(m) || m.includes('/workers/'))).toEqual([]);
    // The weights are files of their own, fetched by the rule sets that need them, not code.
    expect(modules.filter((m) => m.endsWith('.json') && !m.startsWith('stub:'))).toEqual(['dist/src/approx/data/corrections.json', 'dist/src/approx/data/spreads.json']);
    // The multi-column goal value (approx/data/quantiles.json, a megabyte) is left out: the page asks the server for goal hints.
    expect(modules).toContain('stub:quantiles.json');
  });

  it('writes each multi-column rule set’s weights beside it, named and listed by their SHA-256', () => {
    const fitted = JSON.parse(readFileSync(`${root}src/approx/data/neural.json`, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(listing!.neural).sort()).toEqual(['superpass', 'triple-yahtzee']);
    for (const [id, ref] of Object.entries(listing!.neural)) {
      const bytes = readFileSync(`${webEngineDir(findWebDir())}/${ref.file}`);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(fitted[id]);
      expect(listing!.files.find((f) => f.name === ref.file)).toMatchObject({ sha256: ref.sha256, bytes: bytes.byteLength });
      expect(ref.file).toBe(`neural-${id}.${ref.sha256.slice(0, 16)}.json`);
    }
  });

  it('takes each rule set’s fingerprint as the server does (Web Crypto there, node:crypto here)', async () => {
    for (const id of RULESET_IDS) expect(await browserFingerprint(id)).toBe(ruleSetFingerprint(RULESETS[id]));
  });

  it('reads a table index entry only where every field is as the server writes it', () => {
    const sha = 'ab'.repeat(32);
    const good = { ruleset: 'superpass', kind: 'columns', file: tableFileName('superpass', 'columns', sha), sha256: sha, bytes: 10, entries: 2, fingerprint: 'f', solverVersion: 1, layout: { kind: 'columns', types: [], entries: 2 } };
    expect(readTableIndex({ format: TABLE_INDEX_FORMAT, tables: [good] })).toEqual([good]);
    for (const bad of [{ ...good, ruleset: 'farkle' }, { ...good, file: '../secret.f64.gz' }, { ...good, sha256: 'x' }, { ...good, kind: 'reach' }, { ...good, layout: undefined }]) {
      expect(readTableIndex({ format: TABLE_INDEX_FORMAT, tables: [bad] }), JSON.stringify(bad)).toEqual([]);
    }
    expect(readTableIndex({ format: 2, tables: [good] })).toEqual([]);
    expect(readTableIndex('nonsense')).toEqual([]);
  });
});
