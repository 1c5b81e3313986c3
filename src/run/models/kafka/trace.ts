/**
 * "Follow one record" for the log model: checks a trace request against the scenario (every value
 * with its allowed range), and replays the scenario — the same seed, with the faults injected live
 * so far — up to a simulated time with a {@link RecordTracer} on (src/sim/model/kafka/trace.ts).
 * The worker host answers the page's request with it, and `npm run sim -- … --trace` prints it.
 */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import { KafkaModel } from '../../../sim/model/kafka/kafka-model.ts';
import { keyIndexOf, TRACE_MAX_RECORDS, type TraceRequest, type TraceResult } from '../../../sim/model/kafka/trace.ts';
import { kafkaConfig } from './summary.ts';
import { keySpaces, tracePartitions } from './trace-text.ts';

export type { TraceRequest, TraceResult };

/** What a trace request gets back: the records' timelines, or why there are none. */
export type TraceReply = { ok: true; trace: TraceResult } | { ok: false; error: string };

/** Longest key a request may name (the schema's longest key is 64 characters, or a prefix of 32 and 8 digits). */
export const TRACE_KEY_MAX = 200;
/** Largest n for "the n-th record" (produce sequences are 32-bit). */
export const TRACE_N_MAX = 2_147_483_647;

const clip = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text);

const isInt = (x: unknown, min: number, max: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** A trace request checked against scenario `s`, or the reason it is refused (naming the allowed range). */
export function checkTraceRequest(raw: unknown, s: KafkaScenario): { ok: true; request: TraceRequest } | { ok: false; error: string } {
  const bad = (error: string) => ({ ok: false as const, error });
  if (typeof raw !== 'object' || raw === null) return bad('a trace request must be { by: "key", key } or { by: "offset", partition, offset } or { by: "nth", n }');
  const q = raw as Record<string, unknown>;
  switch (q.by) {
    case 'key': {
      if (typeof q.key !== 'string' || q.key.length === 0 || q.key.length > TRACE_KEY_MAX) return bad(`trace key must be a string of 1 to ${TRACE_KEY_MAX} characters`);
      const limit = q.limit ?? TRACE_MAX_RECORDS;
      if (!isInt(limit, 1, TRACE_MAX_RECORDS)) return bad(`trace limit must be an integer in [1, ${TRACE_MAX_RECORDS}] (records followed at most), got ${clip(String(limit))}`);
      if (s.producers.every((p) => p.keys.kind === 'none')) return bad('the producers send null keys only: follow a record by partition:offset or by n instead');
      if (!s.producers.some((p) => keyIndexOf(p.keys, q.key as string) >= 0)) return bad(`trace key "${clip(q.key)}" is not one of the producers' keys (${clip(keySpaces(s), 160)})`);
      return { ok: true, request: { by: 'key', key: q.key, limit } };
    }
    case 'offset': {
      const P = tracePartitions(s);
      if (!isInt(q.partition, 0, P - 1)) return bad(`trace partition must be an integer in [0, ${P - 1}] (topic ${s.topic.name} has ${P} partition${P === 1 ? '' : 's'}), got ${clip(String(q.partition))}`);
      if (!isInt(q.offset, 0, Number.MAX_SAFE_INTEGER)) return bad(`trace offset must be an integer in [0, ${Number.MAX_SAFE_INTEGER}], got ${clip(String(q.offset))}`);
      return { ok: true, request: { by: 'offset', partition: q.partition, offset: q.offset } };
    }
    case 'nth':
      if (!isInt(q.n, 1, TRACE_N_MAX)) return bad(`trace n (the n-th record appended to the topic) must be an integer in [1, ${TRACE_N_MAX}], got ${clip(String(q.n))}`);
      return { ok: true, request: { by: 'nth', n: q.n } };
    default:
      return bad(`trace request "by" must be "key", "offset" or "nth", got ${clip(String(q.by))}`);
  }
}

/**
 * `npm run sim -- … --trace <value>`: `key=<key>`, `<partition>:<offset>` or `n=<n>`; the
 * request, or why the text is none of those.
 */
export function parseTraceArg(text: string): TraceRequest | string {
  const usage = `--trace must be key=<key>, <partition>:<offset> or n=<n> (the n-th record appended, from 1), got "${clip(text)}"`;
  if (text.startsWith('key=')) return { by: 'key', key: text.slice(4) };
  const po = /^\s*(\d{1,30})\s*:\s*(\d{1,30})\s*$/.exec(text);
  if (po) return { by: 'offset', partition: Number(po[1]), offset: Number(po[2]) };
  const n = /^(?:n|nth)=\s*(\d{1,30})\s*$/.exec(text);
  if (n) return { by: 'nth', n: Number(n[1]) };
  return usage;
}

/**
 * Replays `s` (its seed, its faults — live ones included by the caller) up to simulated time
 * `until` (at most the run's duration) with the request's records followed. Never throws: a bad
 * request or a run that stops (no progress) is an error reply.
 */
export function traceKafka(s: KafkaScenario, raw: unknown, until: number): TraceReply {
  const checked = checkTraceRequest(raw, s);
  if (!checked.ok) return checked;
  if (typeof until !== 'number' || Number.isNaN(until)) return { ok: false, error: `trace time must be a number of seconds in [0, ${s.duration}]` };
  const to = Math.min(Math.max(0, until), s.duration);
  try {
    const model = new KafkaModel(kafkaConfig(s), s.seed, checked.request);
    model.run(to);
    return { ok: true, trace: model.traceResult()! };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
