/**
 * An import's report as text (the CLI prints it on stderr): the format and target, then the
 * applied, not modelled and rejected keys, one per line, and what QueueLab assumed.
 */
import type { Lang } from '../app/i18n.ts';
import type { ImportResult } from './draft.ts';
import { FORMAT_INFO } from './index.ts';
import { say, CLI_WHERE } from './messages.ts';

const KEY_WIDTH = 44;

const json = (x: unknown): string => {
  const s = JSON.stringify(x) ?? String(x);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** `key = value`, padded for the column after it. */
function keyValue(key: string, value: string): string {
  const kv = value === '' ? key : `${key} = ${value}`;
  return kv.length >= KEY_WIDTH ? `${kv}\n${' '.repeat(KEY_WIDTH + 4)}` : kv.padEnd(KEY_WIDTH + 2);
}

export function reportText(r: ImportResult & { ok: true }, opts: { lang?: Lang; detected: boolean }): string {
  const lang = opts.lang ?? 'en';
  const out: string[] = [];
  out.push(`import: ${FORMAT_INFO[r.format].name} (${opts.detected ? 'detected' : 'as named'}) → model "${r.model}": ${r.scenario.title}`);
  out.push('', `applied (${r.applied.length}):`);
  for (const a of r.applied) out.push(`  ${keyValue(a.key, a.value)}→ ${a.field} = ${json(a.set)}${a.note ? `  (${say(a.note, lang, CLI_WHERE)})` : ''}`);
  out.push('', `not modelled (${r.skipped.length}):`);
  for (const s of r.skipped) out.push(`  ${keyValue(s.key, s.value)}${say(s.reason, lang, CLI_WHERE)}`);
  out.push('', `rejected (${r.rejected.length}):`);
  for (const x of r.rejected) out.push(`  ${keyValue(x.key, x.value)}${x.message}${x.field ? ` (${x.field})` : ''}`);
  if (r.assumed.length > 0) {
    out.push('', 'assumed (not in the input; QueueLab’s blank start):');
    for (const m of r.assumed) out.push(`  ${say(m, lang, CLI_WHERE)}`);
  }
  return `${out.join('\n')}\n`;
}
