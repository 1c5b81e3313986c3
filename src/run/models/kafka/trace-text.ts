/**
 * A traced record's life in words, in English and Russian: each event as a sentence and as a short
 * stage name (the page's timeline), the waits between events, a one-line story per consumer group
 * ("3 attempts failed, retried 2 times, then dead-lettered 65 s after it was produced"), and the
 * CLI's table (`npm run sim -- … --trace`). Types only from the simulation: the page's "Follow a
 * record" chunk imports this file without the model.
 */
import type { TraceEvent, TraceRequest, TraceResult, TraceState, TracedRecord } from '../../../sim/model/kafka/trace.ts';
import type { KafkaScenario } from '../../../scenario/schema.ts';
import { ruForm } from '../../../content/ru-plural.ts';

export type TraceLang = 'en' | 'ru';

/** The topic's partition count at its largest over the run (add-partitions faults grow it). */
export function tracePartitions(s: KafkaScenario): number {
  return s.faults.reduce((n, f) => (f.kind === 'add-partitions' ? Math.max(n, f.count) : n), s.topic.partitions);
}

/** The producers' key spaces in words: "checkout: order-0 … order-99999". */
export function keySpaces(s: KafkaScenario, lang: TraceLang = 'en'): string {
  return s.producers
    .map((p) => {
      const k = p.keys;
      const space =
        k.kind === 'none'
          ? lang === 'ru'
            ? 'ключи null'
            : 'null keys'
          : k.kind === 'coarse'
            ? `${k.values.slice(0, 4).join(', ')}${k.values.length > 4 ? (lang === 'ru' ? `, … (значений: ${k.values.length})` : `, … (${k.values.length} values)`) : ''}`
            : `${k.prefix ?? 'key-'}0 … ${k.prefix ?? 'key-'}${k.count - 1}`;
      return `${p.name}: ${space}`;
    })
    .join('; ');
}

const LOCALES: Record<TraceLang, string> = { en: 'en-US', ru: 'ru-RU' };

/** A number with at most `decimals` decimals (decimal comma in Russian, digit groups). */
export function num(lang: TraceLang, x: number, decimals = 0): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: decimals }).format(x);
}

/** Decimals that show x with about three significant digits. */
const dec3 = (x: number) => Math.max(0, Math.min(3, 2 - Math.floor(Math.log10(Math.abs(x)))));

/** A simulated instant: "60.0377 s" (to a tenth of a millisecond). */
export function instant(lang: TraceLang, t: number): string {
  return `${num(lang, t, 4)} ${lang === 'ru' ? 'с' : 's'}`;
}

/** A wait between two events: "0 s", "0.4 ms", "12 ms", "4.21 s", "5 min 3 s", "2 h 5 min". */
export function wait(lang: TraceLang, dt: number): string {
  const u = lang === 'ru' ? { ms: 'мс', s: 'с', min: 'мин', h: 'ч' } : { ms: 'ms', s: 's', min: 'min', h: 'h' };
  if (!(dt > 0)) return `0 ${u.s}`;
  if (dt < 1) {
    const ms = dt * 1000;
    return `${num(lang, ms, dec3(ms))} ${u.ms}`;
  }
  if (dt < 60) return `${num(lang, dt, dec3(dt))} ${u.s}`;
  if (dt < 3600) {
    const m = Math.floor(dt / 60);
    const s = Math.round(dt - m * 60);
    return s === 60 ? `${m + 1} ${u.min}` : s > 0 ? `${m} ${u.min} ${s} ${u.s}` : `${m} ${u.min}`;
  }
  const h = Math.floor(dt / 3600);
  const m = Math.round((dt - h * 3600) / 60);
  return m === 60 ? `${h + 1} ${u.h}` : m > 0 ? `${h} ${u.h} ${m} ${u.min}` : `${h} ${u.h}`;
}

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** "once" / "3 times"; Russian "1 раз", "3 раза", "5 раз". */
function times(lang: TraceLang, n: number): string {
  if (lang === 'en') return n === 1 ? 'once' : `${num(lang, n)} times`;
  return `${num(lang, n)} ${ruForm(n) === 'few' ? 'раза' : 'раз'}`;
}

const W = {
  en: {
    produced: 'produced by {by}',
    appended: 'appended to {part} at offset {offset}',
    deleted: 'its segment deleted by retention (log start offset now {offset})',
    fetched: 'fetched by {by}',
    fetchedAgain: 'fetched again by {by}',
    start: '{by} starts processing it',
    startAgain: '{by} starts processing it again (redelivered)',
    thread: ' on thread {thread}',
    applied: 'processed: its effect applied by {by}',
    duplicateApplied: 'processed again by {by}: its effect applied a second time (a duplicate)',
    duplicateIdempotent: 'processed again by {by}: the idempotent handler skips its effect',
    duplicateSettled: 'handled again by {by}: it had already been {state}',
    failed: 'attempt {attempt} failed on {by}: {error}',
    failedRetry: 'attempt {attempt} failed on the consumer of {topic}: {error}',
    'next.backoff': '; retried in place after a {delay} backoff',
    'next.seek-back': '; the exception escapes, the consumer seeks back and reads it again',
    'next.retry-topic': '; re-published to the next retry topic',
    'next.dlq': '; sent to the dead-letter topic',
    'next.lost': '; given up on (no dead-letter topic)',
    pollThrew: 'poll() on {by} threw {error} at it',
    pollThrewNext: '; the application dead-letters it and seeks past',
    pollThrewLost: '; the application drops it and seeks past',
    crashed: 'handling it killed {by}’s process (attempt {attempt})',
    crashedDlq: 'handling it killed {by}’s process (attempt {attempt}): the count reached the limit, so it is dead-lettered first',
    'released.crashed': '{by} died with it unprocessed: back to waiting, to be fetched again',
    'released.closed': '{by} closed with it unprocessed: back to waiting, to be fetched again',
    'released.seek-back': 'dropped from {by}’s batch by a seek-back: back to waiting',
    retryTopic: 're-published to {topic} (attempts so far: {attempt}), due {delay} later',
    retryPick: 'taken by the consumer of {topic}',
    dlq: 'dead-lettered to {dlq} (attempts: {attempt}): {error}',
    dlqAgain: 'dead-lettered to {dlq} again: a duplicate in the DLQ',
    'lost.committed-before-processing': 'lost: {by} died after committing past it and before processing it',
    'lost.gave-up': 'lost: given up on after attempt {attempt} (no dead-letter topic)',
    'lost.retries-exhausted': 'lost: retries exhausted after attempt {attempt} (no dead-letter topic)',
    'lost.unreadable': 'lost: it cannot be deserialized and there is no dead-letter topic',
    'skipped.out-of-range': 'skipped: {by}’s position was out of range and auto.offset.reset jumped to offset {offset}',
    'skipped.no-committed-offset': 'skipped: no committed offset, so auto.offset.reset started {by} at offset {offset}',
    'committed.auto': 'committed: {by}’s auto-commit moved the group’s offset to {offset}',
    'committed.before-processing': 'committed before processing: {by} committed offset {offset} right after poll()',
    'committed.processed': 'committed: {by} committed offset {offset} (commitSync)',
    uncommitted: '{by} crashed before committing past it: the group will deliver it again',
    repeat: ' — ×{count}, the last at {last}',
    // short stage names (the timeline)
    's.produced': 'produced',
    's.appended': 'appended',
    's.deleted': 'deleted',
    's.fetched': 'fetched',
    's.fetchedAgain': 're-fetched',
    's.start': 'processing',
    's.applied': 'applied',
    's.duplicate': 'again',
    's.failed': 'failed #{attempt}',
    's.poll-threw': 'poll() threw',
    's.crashed': 'crash #{attempt}',
    's.released': 'handed back',
    's.retry-topic': '→ {topic}',
    's.retry-pick': 'retry pick',
    's.dlq': 'DLQ',
    's.lost': 'lost',
    's.skipped': 'skipped',
    's.committed': 'committed',
    's.uncommitted': 'crash, no commit',
    // stories
    fetchedN: 'fetched {n}',
    neverFetched: 'never fetched',
    threwN: 'poll() threw at it {n}',
    failedN: 'failed attempts: {n}',
    retriedN: 'retried {n}',
    crashesN: 'killed its consumer {n}',
    throughTopics: 'through {topics}',
    duplicatesN: 'processed {n} more after it was applied',
    'end.applied': 'applied {dt} after it was produced',
    'end.dead-lettered': 'then dead-lettered {dt} after it was produced',
    'end.lost': 'lost at {t}',
    'end.skipped': 'skipped at {t}',
    'end.retrying': 'in a retry topic at {t}',
    'end.waiting': 'not processed yet at {t}',
    'end.in-flight': 'being processed at {t}',
    'state.applied': 'applied',
    'state.dead-lettered': 'dead-lettered',
    'state.lost': 'lost',
    'state.skipped': 'skipped',
    'state.retrying': 'in a retry topic',
    'state.waiting': 'waiting',
    'state.in-flight': 'in flight',
    record: '{part}@{offset}',
    recordKey: 'key {key}',
    recordNullKey: 'null key',
    recordN: 'record #{n} of the topic',
    recordProduced: 'produced by {by} at {t}',
    'req.key': 'every record with key {key} (the first {limit})',
    'req.offset': 'the record at {part}, offset {offset}',
    'req.nth': 'the {n}th record appended to the topic',
    none: 'No record matched by t = {t}.',
    noneOffset: 'No record at {part}, offset {offset} by t = {t}: the partition’s log ends at offset {end}.',
    noneNth: 'Only {appended} records had been appended by t = {t}.',
    beyond: '{n} more records with this key were not followed (at most {limit}).',
    omitted: '{n} events in the middle are left out (a record keeps its first {head} and its last {tail}).',
  },
  ru: {
    produced: 'отправлена продюсером {by}',
    appended: 'записана в {part} по смещению {offset}',
    deleted: 'её сегмент удалён по retention (начало лога теперь {offset})',
    fetched: 'получена консьюмером {by}',
    fetchedAgain: 'снова получена консьюмером {by}',
    start: '{by} начинает её обработку',
    startAgain: '{by} снова начинает её обработку (повторная доставка)',
    thread: ' в потоке {thread}',
    applied: 'обработана: {by} применил её эффект',
    duplicateApplied: '{by} обработал её снова: эффект применён второй раз (дубликат)',
    duplicateIdempotent: '{by} обработал её снова: идемпотентный обработчик пропускает эффект',
    duplicateSettled: '{by} обработал её снова, хотя она уже {state}',
    failed: 'попытка {attempt} на {by} упала: {error}',
    failedRetry: 'попытка {attempt} у консьюмера {topic} упала: {error}',
    'next.backoff': '; повтор на месте после паузы {delay}',
    'next.seek-back': '; исключение выходит наружу, консьюмер откатывается (seek) и читает её снова',
    'next.retry-topic': '; переотправлена в следующий retry-топик',
    'next.dlq': '; отправлена в DLQ',
    'next.lost': '; обработчик сдаётся (DLQ нет)',
    pollThrew: 'poll() на {by} бросил {error} на ней',
    pollThrewNext: '; приложение отправляет её в DLQ и перешагивает',
    pollThrewLost: '; приложение выбрасывает её и перешагивает',
    crashed: 'её обработка убила процесс {by} (попытка {attempt})',
    crashedDlq: 'её обработка убила процесс {by} (попытка {attempt}): счётчик достиг предела, и она сначала уходит в DLQ',
    'released.crashed': '{by} упал, не обработав её: она снова ждёт выборки',
    'released.closed': '{by} закрылся, не обработав её: она снова ждёт выборки',
    'released.seek-back': 'выброшена из пачки {by} откатом (seek): снова ждёт',
    retryTopic: 'переотправлена в {topic} (попыток: {attempt}), срок через {delay}',
    retryPick: 'её взял консьюмер {topic}',
    dlq: 'отправлена в {dlq} (попыток: {attempt}): {error}',
    dlqAgain: 'снова отправлена в {dlq}: дубликат в DLQ',
    'lost.committed-before-processing': 'потеряна: {by} закоммитил смещение за ней и упал, не обработав её',
    'lost.gave-up': 'потеряна: обработчик сдался после попытки {attempt} (DLQ нет)',
    'lost.retries-exhausted': 'потеряна: повторы исчерпаны после попытки {attempt} (DLQ нет)',
    'lost.unreadable': 'потеряна: её нельзя десериализовать, а DLQ нет',
    'skipped.out-of-range': 'пропущена: позиция {by} вышла за пределы лога, и auto.offset.reset перепрыгнул к смещению {offset}',
    'skipped.no-committed-offset': 'пропущена: закоммиченного смещения нет, и auto.offset.reset начал {by} со смещения {offset}',
    'committed.auto': 'закоммичена: автокоммит {by} сдвинул смещение группы до {offset}',
    'committed.before-processing': 'закоммичена до обработки: {by} закоммитил смещение {offset} сразу после poll()',
    'committed.processed': 'закоммичена: {by} закоммитил смещение {offset} (commitSync)',
    uncommitted: '{by} упал, не закоммитив смещение за ней: группа доставит её снова',
    repeat: ' — ×{count}, последний раз в {last}',
    's.produced': 'отправлена',
    's.appended': 'в логе',
    's.deleted': 'удалена',
    's.fetched': 'получена',
    's.fetchedAgain': 'снова получена',
    's.start': 'обработка',
    's.applied': 'применена',
    's.duplicate': 'повторно',
    's.failed': 'сбой №{attempt}',
    's.poll-threw': 'poll() упал',
    's.crashed': 'падение №{attempt}',
    's.released': 'возвращена',
    's.retry-topic': '→ {topic}',
    's.retry-pick': 'из retry',
    's.dlq': 'DLQ',
    's.lost': 'потеряна',
    's.skipped': 'пропущена',
    's.committed': 'коммит',
    's.uncommitted': 'падение без коммита',
    fetchedN: 'получена {n}',
    neverFetched: 'ни разу не получена',
    threwN: 'poll() падал на ней {n}',
    failedN: 'неудачных попыток: {n}',
    retriedN: 'повторов: {n}',
    crashesN: 'убила консьюмер {n}',
    throughTopics: 'через {topics}',
    duplicatesN: 'после применения обработана ещё {n}',
    'end.applied': 'применена через {dt} после отправки',
    'end.dead-lettered': 'затем ушла в DLQ через {dt} после отправки',
    'end.lost': 'потеряна в {t}',
    'end.skipped': 'пропущена в {t}',
    'end.retrying': 'в retry-топике на {t}',
    'end.waiting': 'ещё не обработана на {t}',
    'end.in-flight': 'в обработке на {t}',
    'state.applied': 'применена',
    'state.dead-lettered': 'в DLQ',
    'state.lost': 'потеряна',
    'state.skipped': 'пропущена',
    'state.retrying': 'в retry-топике',
    'state.waiting': 'ждёт',
    'state.in-flight': 'в обработке',
    record: '{part}@{offset}',
    recordKey: 'ключ {key}',
    recordNullKey: 'ключ null',
    recordN: 'запись №{n} в топике',
    recordProduced: 'отправлена продюсером {by} в {t}',
    'req.key': 'все записи с ключом {key} (первые {limit})',
    'req.offset': 'запись в {part} по смещению {offset}',
    'req.nth': '{n}-я запись, записанная в топик',
    none: 'К t = {t} ни одна запись не подошла.',
    noneOffset: 'К t = {t} в {part} нет смещения {offset}: лог партиции кончается на смещении {end}.',
    noneNth: 'К t = {t} в топик записано только записей: {appended}.',
    beyond: 'Ещё записей с этим ключом: {n} — за ними не следили (не больше {limit}).',
    omitted: 'Событий в середине пропущено: {n} (запись хранит первые {head} и последние {tail}).',
  },
} as const;

export type TraceWordKey = keyof (typeof W)['en'];
/** The words, by language (a test checks both have every key and its placeholders). */
export const TRACE_WORDS: Record<TraceLang, Record<TraceWordKey, string>> = W;

export function tw(lang: TraceLang, key: TraceWordKey, vars: Record<string, string | number> = {}): string {
  return fill(W[lang][key], vars);
}

/** A retry topic's name without the topic's own: "retry.5s". */
function shortTopic(topic: string | undefined, main: string): string {
  if (!topic) return '';
  return topic.startsWith(`${main}.`) ? topic.slice(main.length + 1) : topic;
}

/** The event's short stage name, for the timeline. */
export function stageLabel(lang: TraceLang, e: TraceEvent, trace: TraceResult): string {
  if (e.kind === 'fetched' && e.again) return tw(lang, 's.fetchedAgain');
  const base = tw(lang, `s.${e.kind}` as TraceWordKey, { attempt: e.attempt ?? 1, topic: shortTopic(e.topic, trace.topic) });
  return e.count > 1 ? `${base} ×${num(lang, e.count)}` : base;
}

/** The event as a sentence. */
export function eventText(lang: TraceLang, e: TraceEvent, r: TracedRecord, trace: TraceResult): string {
  const by = e.by ?? '';
  const part = `${trace.topic}-${r.partition}`;
  const v = { by, part, offset: e.offset ?? r.offset, attempt: e.attempt ?? 1, topic: e.topic ?? '', error: e.error ?? '', thread: e.thread ?? 0, dlq: `${trace.topic}.dlq` };
  const group = e.group >= 0 ? trace.groups[e.group] : null;
  let text: string;
  switch (e.kind) {
    case 'produced':
      text = tw(lang, 'produced', v);
      break;
    case 'appended':
      text = tw(lang, 'appended', { ...v, offset: num(lang, r.offset) });
      break;
    case 'deleted':
      text = tw(lang, 'deleted', { offset: num(lang, e.offset ?? 0) });
      break;
    case 'fetched':
      text = tw(lang, e.again ? 'fetchedAgain' : 'fetched', v);
      break;
    case 'start':
      text = tw(lang, e.again ? 'startAgain' : 'start', v) + (e.thread !== undefined ? tw(lang, 'thread', v) : '');
      break;
    case 'applied':
      text = tw(lang, 'applied', v);
      break;
    case 'duplicate':
      text =
        e.why === 'applied'
          ? tw(lang, group?.idempotent ? 'duplicateIdempotent' : 'duplicateApplied', v)
          : tw(lang, 'duplicateSettled', { ...v, state: tw(lang, `state.${(e.why ?? 'waiting') as TraceState}`) });
      break;
    case 'failed':
      text = tw(lang, e.topic ? 'failedRetry' : 'failed', v) + (e.next ? tw(lang, `next.${e.next}`, { delay: wait(lang, e.delay ?? 0) }) : '');
      break;
    case 'poll-threw':
      text = tw(lang, 'pollThrew', v) + (e.next === 'dlq' ? tw(lang, 'pollThrewNext') : e.next === 'lost' ? tw(lang, 'pollThrewLost') : '');
      break;
    case 'crashed':
      text = tw(lang, e.next === 'dlq' ? 'crashedDlq' : 'crashed', v);
      break;
    case 'released':
      text = tw(lang, `released.${(e.why ?? 'crashed') as 'crashed' | 'closed' | 'seek-back'}`, v);
      break;
    case 'retry-topic':
      text = tw(lang, 'retryTopic', { ...v, delay: wait(lang, e.delay ?? 0) });
      break;
    case 'retry-pick':
      text = tw(lang, 'retryPick', v);
      break;
    case 'dlq':
      text = tw(lang, e.again ? 'dlqAgain' : 'dlq', v);
      break;
    case 'lost':
      text = tw(lang, `lost.${(e.why ?? 'gave-up') as 'gave-up'}`, v);
      break;
    case 'skipped':
      text = tw(lang, `skipped.${(e.why ?? 'out-of-range') as 'out-of-range'}`, { ...v, offset: num(lang, e.offset ?? 0) });
      break;
    case 'committed': {
      const how = e.why === 'processed' ? 'processed' : group?.commit === 'before-processing' ? 'before-processing' : 'auto';
      text = tw(lang, `committed.${how}`, { ...v, offset: num(lang, e.offset ?? 0) });
      break;
    }
    case 'uncommitted':
      text = tw(lang, 'uncommitted', v);
      break;
  }
  return e.count > 1 ? text + tw(lang, 'repeat', { count: num(lang, e.count), last: instant(lang, e.last) }) : text;
}

/** For each event, the wait since the one before it on its lane (its group's events and the topic's; `last` of a folded one). */
export function waits(events: readonly TraceEvent[]): (number | null)[] {
  return events.map((e, i) => {
    for (let j = i - 1; j >= 0; j--) {
      const p = events[j];
      if (e.group < 0 || p.group < 0 || p.group === e.group) return e.t - p.last;
    }
    return null;
  });
}

/** The events of group g's lane: the topic's and the group's own, in time order. */
export function laneEvents(r: TracedRecord, g: number): TraceEvent[] {
  return r.events.filter((e) => e.group < 0 || e.group === g);
}

const sumCounts = (es: readonly TraceEvent[], pred: (e: TraceEvent) => boolean) => es.reduce((n, e) => (pred(e) ? n + e.count : n), 0);

/** Group g's story of the record in one line: how often it was fetched, failed, retried, and how it ended. */
export function laneStory(lang: TraceLang, r: TracedRecord, g: number, trace: TraceResult): string {
  const es = r.events.filter((e) => e.group === g);
  const parts: string[] = [];
  const fetched = sumCounts(es, (e) => e.kind === 'fetched');
  const threw = sumCounts(es, (e) => e.kind === 'poll-threw');
  parts.push(fetched > 0 ? tw(lang, 'fetchedN', { n: times(lang, fetched) }) : tw(lang, 'neverFetched'));
  if (threw > 0) parts.push(tw(lang, 'threwN', { n: times(lang, threw) }));
  const failed = sumCounts(es, (e) => e.kind === 'failed');
  if (failed > 0) parts.push(tw(lang, 'failedN', { n: num(lang, failed) }));
  const crashes = sumCounts(es, (e) => e.kind === 'crashed');
  if (crashes > 0) parts.push(tw(lang, 'crashesN', { n: times(lang, crashes) }));
  const retried = sumCounts(es, (e) => (e.kind === 'failed' && (e.next === 'backoff' || e.next === 'retry-topic' || e.next === 'seek-back')) || (e.kind === 'crashed' && e.next !== 'dlq'));
  if (retried > 0) parts.push(tw(lang, 'retriedN', { n: lang === 'en' ? times(lang, retried) : num(lang, retried) }));
  const topics = [...new Set(es.filter((e) => e.kind === 'retry-topic').map((e) => e.topic!))];
  if (topics.length > 0) parts.push(tw(lang, 'throughTopics', { topics: topics.join(', ') }));
  const dups = sumCounts(es, (e) => e.kind === 'duplicate' && e.why === 'applied');
  if (dups > 0) parts.push(tw(lang, 'duplicatesN', { n: times(lang, dups) }));
  const state = r.state[g];
  const endEvent = es.find((e) => (state === 'applied' && e.kind === 'applied') || (state === 'dead-lettered' && e.kind === 'dlq') || (state === 'lost' && e.kind === 'lost') || (state === 'skipped' && e.kind === 'skipped'));
  const at = endEvent?.t ?? trace.until;
  parts.push(tw(lang, `end.${state}`, { dt: wait(lang, at - r.t), t: instant(lang, at) }));
  return `${trace.groups[g].id}: ${parts.join(', ')}`;
}

/** The record's heading: "orders-3@3,051 · key order-38800 · record #17,949 of the topic · produced by checkout at 60.038 s". */
export function recordTitle(lang: TraceLang, r: TracedRecord, trace: TraceResult): string {
  return [
    tw(lang, 'record', { part: `${trace.topic}-${r.partition}`, offset: r.offset }),
    r.key === null ? tw(lang, 'recordNullKey') : tw(lang, 'recordKey', { key: r.key }),
    tw(lang, 'recordN', { n: num(lang, r.n) }),
    tw(lang, 'recordProduced', { by: r.producer, t: instant(lang, r.t) }),
  ].join(' · ');
}

/** What was asked for, in words. */
export function requestText(lang: TraceLang, q: TraceRequest, topic: string, limit: number): string {
  if (q.by === 'key') return tw(lang, 'req.key', { key: q.key, limit });
  if (q.by === 'offset') return tw(lang, 'req.offset', { part: `${topic}-${q.partition}`, offset: num(lang, q.offset) });
  return tw(lang, 'req.nth', { n: num(lang, q.n) });
}

/** Why nothing was traced, when nothing was. */
export function noneText(lang: TraceLang, trace: TraceResult): string {
  const q = trace.request;
  const t = instant(lang, trace.until);
  if (q.by === 'offset') return tw(lang, 'noneOffset', { part: `${trace.topic}-${q.partition}`, offset: num(lang, q.offset), t, end: num(lang, trace.logEnd[q.partition] ?? 0) });
  if (q.by === 'nth') return tw(lang, 'noneNth', { appended: num(lang, trace.appended), t });
  return tw(lang, 'none', { t });
}
