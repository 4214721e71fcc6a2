/** Field path as the rest of Dicewise writes it: `scorecard.threes`, `dice[2]`; the root is `body`. */
export function fieldOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || 'body';
}
