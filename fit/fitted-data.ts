import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type DataName = 'spreads' | 'corrections' | 'neural' | 'quantiles';

/**
 * The fitted data files the approximate models read (src/approx/data/), written only by the fit
 * scripts beside this one. One rule set's record per entry and one table row per line, so a refit
 * shows in a diff row by row; numbers as JSON writes them, which read back bit for bit.
 */
export function dataFile(name: DataName): string {
  return fileURLToPath(new URL(`../src/approx/data/${name}.json`, import.meta.url));
}

function render(value: unknown, indent: string): string {
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${render(v, inner)}`).join(',\n')}\n${indent}]`;
  if (typeof value === 'object' && value !== null) {
    return `{\n${Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${render(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export async function writeDataFile(name: DataName, data: unknown): Promise<string> {
  const file = dataFile(name);
  await writeFile(file, `${render(data, '')}\n`);
  return file;
}
