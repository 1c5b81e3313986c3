/**
 * Records the event log names — the poison record the fault injector wrote, records sent to the
 * DLQ or a retry topic, records whose handler failed or killed its consumer — offered by "Follow a
 * record" as one-click picks. Read from the log's own lines (src/sim/model/kafka/**: "poison record
 * produced to orders-3 at offset 3051", "sent to orders.dlq: orders-3 offset=5 attempts=3", …).
 */
import type { LogLine } from '../../../../run/models/kafka/snapshot.ts';

export type PickTag = 'poison' | 'dlq' | 'crash' | 'failed' | 'retry';

export interface Pick {
  partition: number;
  offset: number;
  tag: PickTag;
}

const RANK: Record<PickTag, number> = { poison: 0, dlq: 1, crash: 2, failed: 3, retry: 4 };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compiled patterns per topic: [pattern, tag, group of the partition, group of the offset]. */
const PATTERNS = new Map<string, [RegExp, PickTag, number, number][]>();

function patternsFor(topic: string): [RegExp, PickTag, number, number][] {
  let p = PATTERNS.get(topic);
  if (!p) {
    const t = escape(topic);
    p = [
      [new RegExp(`poison record produced to ${t}-(\\d+) at offset (\\d+)`), 'poison', 1, 2],
      [new RegExp(`for partition ${t}-(\\d+) at offset (\\d+)`), 'poison', 1, 2],
      [new RegExp(`sent to ${t}\\.dlq(?: again)?[^:]*: ${t}-(\\d+) offset=(\\d+)`), 'dlq', 1, 2],
      [new RegExp(`process killed while handling offset=(\\d+) partition=${t}-(\\d+)`), 'crash', 2, 1],
      [new RegExp(`handler failed offset=(\\d+) partition=${t}-(\\d+)`), 'failed', 2, 1],
      [new RegExp(`sent to ${t}\\.[^:]+: ${t}-(\\d+) offset=(\\d+)`), 'retry', 1, 2],
    ];
    if (PATTERNS.size > 16) PATTERNS.clear();
    PATTERNS.set(topic, p);
  }
  return p;
}

/** The record a log line of topic `topic` names (partition and offset, with what happened to it), or null. */
export function recordOfLine(text: string, topic: string): Pick | null {
  for (const [re, tag, pi, oi] of patternsFor(topic)) {
    const m = re.exec(text);
    if (m) return { partition: Number(m[pi]), offset: Number(m[oi]), tag };
  }
  return null;
}

/**
 * At most `max` distinct records named in the last lines of the log or in the DLQ (`dead`: the
 * dead-letter topic's latest records, oldest first), the most telling first (poison, DLQ, crash,
 * failure, retry).
 */
export function logPicks(lines: readonly LogLine[], topic: string, dead: readonly { partition: number; offset: number }[] = [], max = 4): Pick[] {
  const found = new Map<string, Pick>();
  for (const d of dead.slice(-2)) found.set(`${d.partition}:${d.offset}`, { partition: d.partition, offset: d.offset, tag: 'dlq' });
  for (const line of lines.slice(-400)) {
    const pick = recordOfLine(line.text, topic);
    if (!pick) continue;
    const id = `${pick.partition}:${pick.offset}`;
    const had = found.get(id);
    if (!had || RANK[pick.tag] < RANK[had.tag]) found.set(id, pick);
  }
  return [...found.values()].sort((a, b) => RANK[a.tag] - RANK[b.tag]).slice(0, max);
}
