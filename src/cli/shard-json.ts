/**
 * A shard's JSON report as `--json` prints it: the report indented as every report is, and its
 * `shard` section (thousands of per-game numbers) on one line, not one line per number.
 */
export function shardJson(report: object): string {
  const { shard, ...rest } = report as { shard?: unknown };
  const text = JSON.stringify(rest, null, 2);
  if (shard === undefined) return `${text}\n`;
  return `${text.slice(0, -2)},\n  "shard": ${JSON.stringify(shard)}\n}\n`;
}
