/**
 * SQS queue attributes, as `aws sqs get-queue-attributes --attribute-names All` prints them
 * (`{ "Attributes": { "VisibilityTimeout": "30", "RedrivePolicy": "{\"deadLetterTargetArn\":…,\"maxReceiveCount\":5}", … } }`,
 * every value a string, the redrive policy a JSON string), or the bare attributes object
 * (`--query Attributes`), onto the queue model's SQS flavour.
 */
import { blankQueue } from '../app/panels/queue/blank.ts';
import { boolean, Draft, numeric, safeName, type ImportResult } from './draft.ts';
import { say } from './messages.ts';
import { BOOLEAN, integer, JSON_OBJECT, known, lookup, oneOf, UNCHECKED, type Known } from './values.ts';
import type { Lang } from '../app/i18n.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string => (typeof x === 'string' ? x : x === undefined || x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x));

/** Attributes QueueLab applies, onto the field of the same name. */
const APPLIED = new Set(['VisibilityTimeout', 'ReceiveMessageWaitTimeSeconds', 'DelaySeconds', 'MessageRetentionPeriod']);

/**
 * Attributes QueueLab does not model, by reason, with the limits SetQueueAttributes checks (the
 * read-only ones — the ARN, timestamps, counts — are what AWS reports, not set, so not checked).
 */
const NOT_MODELLED: Record<string, Known> = {};
known(NOT_MODELLED, 'nm.metadata', { QueueArn: UNCHECKED, CreatedTimestamp: UNCHECKED, LastModifiedTimestamp: UNCHECKED });
known(NOT_MODELLED, 'nm.startsEmpty', { ApproximateNumberOfMessages: UNCHECKED, ApproximateNumberOfMessagesNotVisible: UNCHECKED, ApproximateNumberOfMessagesDelayed: UNCHECKED });
known(NOT_MODELLED, 'nm.sizeLimit', { MaximumMessageSize: integer(1024n, 1048576n, 'bytes') });
known(NOT_MODELLED, 'nm.accessPolicy', { Policy: JSON_OBJECT, RedriveAllowPolicy: JSON_OBJECT });
known(NOT_MODELLED, 'nm.encryption', { KmsMasterKeyId: UNCHECKED, KmsDataKeyReusePeriodSeconds: integer(60n, 86400n, 's'), SqsManagedSseEnabled: BOOLEAN });
known(NOT_MODELLED, 'nm.fifoDedup', { ContentBasedDeduplication: BOOLEAN, DeduplicationScope: oneOf(['messageGroup', 'queue']), FifoThroughputLimit: oneOf(['perQueue', 'perMessageGroupId']) });

const KNOWN = ['VisibilityTimeout', 'MessageRetentionPeriod', 'DelaySeconds', 'ReceiveMessageWaitTimeSeconds', 'RedrivePolicy', 'FifoQueue', 'QueueArn', 'ApproximateNumberOfMessages', 'MaximumMessageSize'];

/** The attributes object of `json`, when it is get-queue-attributes output or the bare attributes. */
export function sqsAttributes(json: unknown): Obj | null {
  if (!isObj(json)) return null;
  if (isObj(json.Attributes)) return json.Attributes;
  return KNOWN.some((k) => k in json) ? json : null;
}

export function importSqs(json: unknown, lang: Lang = 'en'): ImportResult {
  const attrs = sqsAttributes(json);
  if (!attrs) return { ok: false, format: 'sqs', error: { id: 'error.sqsShape' } };
  const base = blankQueue();
  const pool = base.consumers[0];
  const arn = str(attrs.QueueArn);
  const name = arn.split(':').pop() ?? '';
  const d = new Draft(base, {
    id: 'imported',
    title: say(name ? { id: 'title.sqs', vars: { queue: name } } : { id: 'title.sqsAttributes' }, lang).slice(0, 200),
    description: say({ id: 'desc.sqs' }, lang),
  });
  d.own(['queue'], { type: 'sqs' });
  const n = safeName(name, 'orders');
  if (name) d.set('QueueArn', arn, ['queue', 'name'], n.name, n.changed ? { id: 'note.renamed', vars: { name: n.name } } : { id: 'note.fromArn' });
  const dlq = `${n.name}-dlq`;
  for (const [k, v] of Object.entries(attrs)) {
    const value = str(v);
    if (k === 'QueueArn' && name) continue;
    if (APPLIED.has(k)) d.set(k, value, ['queue', k], numeric(typeof v === 'number' ? v : value));
    else if (k === 'FifoQueue') d.set(k, value, ['queue', k], boolean(typeof v === 'boolean' ? v : value));
    else if (k === 'RedrivePolicy') {
      let policy: unknown = v;
      if (typeof v === 'string') {
        try {
          policy = JSON.parse(v);
        } catch {
          d.reject(k, value, 'queue.RedrivePolicy', 'must be JSON like {"deadLetterTargetArn":"arn:aws:sqs:…:orders-dlq","maxReceiveCount":5}');
          continue;
        }
      }
      if (!isObj(policy) || !('maxReceiveCount' in policy)) {
        d.reject(k, value, 'queue.RedrivePolicy', 'must be JSON like {"deadLetterTargetArn":"arn:aws:sqs:…:orders-dlq","maxReceiveCount":5}');
        continue;
      }
      for (const [pk, pv] of Object.entries(policy)) {
        const key = `RedrivePolicy.${pk}`;
        if (pk === 'maxReceiveCount') d.set(key, str(pv), ['queue', 'RedrivePolicy', 'maxReceiveCount'], numeric(typeof pv === 'number' ? pv : str(pv)));
        else if (pk === 'deadLetterTargetArn') d.skip(key, str(pv), { id: 'nm.dlqTarget', vars: { dlq } });
        else d.skip(key, str(pv), { id: 'nm.sqsUnknown' });
      }
    } else {
      const entry = lookup(NOT_MODELLED, k);
      d.notModelled(k, value, { id: entry?.why ?? 'nm.sqsUnknown' }, entry?.check);
    }
  }
  if (isObj(json) && isObj(json.Attributes)) for (const k of Object.keys(json)) if (k !== 'Attributes') d.skip(k, str(json[k]), { id: 'nm.sqsUnknown' });
  d.assumed.push(
    { id: 'assumed.load', vars: { rate: base.producers[0].rate } },
    { id: 'assumed.pool', vars: { count: pool.count } },
    { id: 'assumed.receive', vars: { n: pool.MaxNumberOfMessages } },
    { id: 'assumed.processing', vars: { ms: 'mean' in pool.processing.time ? pool.processing.time.mean * 1000 : 0 } },
    { id: 'assumed.run', vars: { duration: base.duration, warmup: base.warmup } },
  );
  const scenario = d.finish();
  if (!scenario) return { ok: false, format: 'sqs', error: { id: 'error.invalid', vars: { detail: d.rejected.at(-1)?.message ?? '' } } };
  return { ok: true, format: 'sqs', model: 'queue', scenario, applied: d.applied, skipped: d.skipped, rejected: d.rejected, assumed: d.assumed };
}
