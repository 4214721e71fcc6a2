import type { z } from 'zod';
import type { Issue } from '../errors.ts';
import { fieldOf } from './field-path.ts';

type ZodIssue = z.core.$ZodIssue;

function depth(issues: readonly ZodIssue[]): number {
  return Math.max(0, ...issues.map((i) => i.path.length));
}

/**
 * zod issues as Dicewise issues. A union (scorecard: object or array of objects) reports the
 * alternative that got furthest, so `{"twos": 2.5}` names `scorecard.twos`, not just `scorecard`.
 */
export function zodIssues(issues: readonly ZodIssue[], prefix: readonly PropertyKey[] = []): Issue[] {
  const out: Issue[] = [];
  for (const i of issues) {
    const path = [...prefix, ...i.path];
    if (i.code === 'unrecognized_keys') {
      // zod's own wording lists the keys, which the field already names; a schema's own message stays.
      const message = i.message.startsWith('Unrecognized key') ? 'unknown field' : i.message;
      for (const key of i.keys) out.push({ field: fieldOf([...path, key]), message });
    } else if (i.code === 'invalid_union' && i.errors.length > 0) {
      const furthest = i.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
      if (depth(furthest) > 0) out.push(...zodIssues(furthest, path));
      else if (i.message !== 'Invalid input') out.push({ field: fieldOf(path), message: i.message });
      else {
        const expected = i.errors.map((alt) => (alt[0] as { expected?: string } | undefined)?.expected).filter(Boolean);
        out.push({ field: fieldOf(path), message: expected.length ? `Invalid input: expected ${expected.join(' or ')}` : i.message });
      }
    } else {
      out.push({ field: fieldOf(path), message: i.message });
    }
  }
  return out;
}
