/** Number formatting and plain-text tables for the CLI. */
import type { EstimateOut } from '../run/models/station/summary.ts';

export function fmt(x: number | null | undefined, digits = 4): string {
  if (x === null || x === undefined) return '—';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e4 && Number.isInteger(x)) return x.toLocaleString('en-US');
  return a >= 1e6 || a < 1e-3 ? x.toExponential(digits - 1) : Number(x.toPrecision(digits)).toString();
}

export function withCi(e: EstimateOut): string {
  return e.hw === null ? fmt(e.mean) : `${fmt(e.mean)} ± ${fmt(e.hw, 2)}`;
}

/** Left-aligned columns separated by three spaces, with a rule under the head. */
export function table(head: string[], rows: string[][]): string[] {
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((c, i) => (c ?? '').padEnd(widths[i])).join('   ').trimEnd();
  return [line(head), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)];
}
