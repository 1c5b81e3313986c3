/**
 * "Bring your own configuration": what people already have — a Kafka client `.properties` file,
 * `kafka-topics.sh` / `kafka-consumer-groups.sh --describe` output, a RabbitMQ definitions export,
 * SQS queue attributes — turned into a QueueLab scenario, with every key of the input either
 * applied (the field it set), not modelled (why), or rejected (the validator's message, which
 * names the allowed range; a key QueueLab does not model is rejected too when the system itself
 * would refuse its value: values.ts). Pure text in, data out: no DOM, no Node, so the page and the CLI share it.
 */
import { MAX_DEPTH, valueTooDeep } from '../scenario/limits.ts';
import { FORMATS, type Format, type ImportResult, type Target } from './draft.ts';
import { importProperties, exportProperties } from './kafka-client.ts';
import { looksLikeProperties } from './properties.ts';
import { importDescribe } from './kafka-describe.ts';
import { looksLikeDescribe } from './kafka-describe-parse.ts';
import { importRabbit, looksLikeRabbit } from './rabbitmq.ts';
import { importSqs, sqsAttributes } from './sqs.ts';
import type { Msg, MsgId } from './messages.ts';
import type { Lang } from '../app/i18n.ts';

export { FORMATS, TARGETS, type Applied, type Format, type ImportResult, type Rejected, type Skipped, type Target } from './draft.ts';
export { say, CLI_WHERE, type Msg, type MsgId } from './messages.ts';
export { exportProperties };

/** What each format is called in messages, and the models it can import to (the first is the default). */
export const FORMAT_INFO: Record<Format, { name: string; models: readonly Target[] }> = {
  properties: { name: 'a Kafka client .properties file', models: ['kafka', 'cluster'] },
  'kafka-describe': { name: 'kafka-topics.sh / kafka-consumer-groups.sh --describe output', models: ['kafka', 'cluster'] },
  rabbitmq: { name: 'a RabbitMQ definitions export', models: ['queue'] },
  sqs: { name: 'SQS queue attributes', models: ['queue'] },
};

/** Names --format also takes for a format. */
const ALIASES: Record<string, Format> = {
  'kafka-topics': 'kafka-describe',
  'kafka-consumer-groups': 'kafka-describe',
  describe: 'kafka-describe',
  rabbit: 'rabbitmq',
  'rabbitmq-definitions': 'rabbitmq',
  definitions: 'rabbitmq',
  'sqs-attributes': 'sqs',
  props: 'properties',
};

/** The format `name` means (a format or one of its aliases), or null. */
export function formatNamed(name: string): Format | null {
  const n = name.trim().toLowerCase();
  return (FORMATS as readonly string[]).includes(n) ? (n as Format) : Object.hasOwn(ALIASES, n) ? ALIASES[n] : null;
}

export interface ImportOptions {
  /** The input's format; detected when left out. */
  format?: Format;
  /** The model to import to (Kafka formats: the log model `kafka` or `cluster`); chosen from the input when left out. */
  model?: Target;
  /** RabbitMQ: the queue to model; the first one no other queue dead-letters into when left out. */
  queue?: string;
  /**
   * The language of the scenario's title and description (content the scenario carries, in its
   * share link too: written in the language of the page that imports) and of the values the report
   * summarises ("partitions 0–5"). English by default, as the CLI writes them.
   */
  lang?: Lang;
}

type Parsed = { json: unknown } | { text: string };

/** JSON text, refused when it nests deeper than a scenario may (JSON.parse itself is iterative in V8: deep text cannot overflow its stack). */
function parseJson(text: string): { ok: true; json: unknown } | { ok: false; error: ImportResult } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: { ok: false, format: null, error: { id: 'error.notJson', vars: { detail: String((e as Error).message).slice(0, 200) } } } };
  }
  if (valueTooDeep(json)) return { ok: false, error: { ok: false, format: null, error: { id: 'error.tooDeep', vars: { depth: MAX_DEPTH } } } };
  return { ok: true, json };
}

/** "kafka or cluster" in the language the message is said in (a list of one is its item). */
const either = (models: readonly string[]): string | Msg => (models.length > 1 ? { id: 'join.or', vars: { a: models.slice(0, -1).join(', '), b: models[models.length - 1] } } : models[0]);

const isScenario = (json: unknown): boolean => typeof json === 'object' && json !== null && 'model' in json && 'version' in json;

/** The format of `text`, or null when it is none of them. */
export function detectFormat(text: string): Format | null {
  const t = text.trim();
  if (t.startsWith('{')) {
    const p = parseJson(t);
    if (!p.ok) return null;
    if (sqsAttributes(p.json)) return 'sqs';
    if (looksLikeRabbit(p.json)) return 'rabbitmq';
    return null;
  }
  if (looksLikeDescribe(t)) return 'kafka-describe';
  if (looksLikeProperties(t)) return 'properties';
  return null;
}

/** Imports `text` (a file's contents or a paste). Never throws: a bad input is `{ ok: false, error }`. */
export function importConfig(text: string, opts: ImportOptions = {}): ImportResult {
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, format: opts.format ?? null, error: { id: 'error.empty' } };
  let parsed: Parsed = { text };
  const json = text.trim().startsWith('{');
  if (json) {
    const p = parseJson(text.trim());
    if (!p.ok) return { ...p.error, format: opts.format ?? null } as ImportResult;
    if (isScenario(p.json)) return { ok: false, format: opts.format ?? null, error: { id: 'error.scenario' } };
    parsed = { json: p.json };
  }
  const format = opts.format ?? detectFormat(text);
  if (!format) return { ok: false, format: null, error: { id: 'error.unknownFormat' } };
  const info = FORMAT_INFO[format];
  if (opts.model && !info.models.includes(opts.model)) return { ok: false, format, error: { id: 'error.modelFor', vars: { format: info.name, models: either(info.models), model: opts.model } } };
  const model = opts.model as 'kafka' | 'cluster' | undefined;
  const lang = opts.lang ?? 'en';
  const wrong = (detail: MsgId): ImportResult => ({ ok: false, format, error: { id: 'error.wrongFormat', vars: { format: info.name, detail: { id: detail } } } });
  try {
    switch (format) {
      case 'properties':
        return 'json' in parsed ? wrong('detail.json') : importProperties(parsed.text, model, lang);
      case 'kafka-describe':
        return 'json' in parsed ? wrong('detail.json') : importDescribe(parsed.text, model, lang);
      case 'rabbitmq':
        return 'json' in parsed ? importRabbit(parsed.json, opts.queue, lang) : wrong('detail.notJson');
      case 'sqs':
        return 'json' in parsed ? importSqs(parsed.json, lang) : wrong('detail.notJson');
    }
  } catch (e) {
    // A bug, not the input's fault: said as an error rather than thrown at the page.
    return { ok: false, format, error: { id: 'error.invalid', vars: { detail: { id: 'detail.internal', vars: { detail: String((e as Error)?.message ?? e).slice(0, 200) } } } } };
  }
}
