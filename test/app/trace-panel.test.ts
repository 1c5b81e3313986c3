/** "Follow a record"'s words and layout: both languages complete, the picks the event log offers, the lane's geometry, Russian numbers. */
import { describe, expect, it } from 'vitest';
import { TRACE_UI_MESSAGES } from '../../src/app/panels/kafka/trace/text.ts';
import { TRACE_WORDS, laneStory, wait, instant, eventText } from '../../src/run/models/kafka/trace-text.ts';
import { ruForm } from '../../src/content/ru-plural.ts';
import { logPicks } from '../../src/app/panels/kafka/trace/picks.ts';
import { labelWidth, laneLayout, STEP, TONE } from '../../src/app/panels/kafka/trace/timeline.ts';
import { traceKafka } from '../../src/run/models/kafka/trace.ts';
import { load } from '../kafka/helpers.ts';
import type { LogLine } from '../../src/run/models/kafka/snapshot.ts';

describe('follow a record: words', () => {
  it('has every key in both languages with the same placeholders, and Russian text with «» quotes only', () => {
    for (const table of [TRACE_UI_MESSAGES, TRACE_WORDS] as Record<'en' | 'ru', Record<string, string>>[]) {
      expect(Object.keys(table.ru).sort()).toEqual(Object.keys(table.en).sort());
      for (const key of Object.keys(table.en)) {
        const ph = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort().join();
        expect(ph(table.ru[key]), key).toBe(ph(table.en[key]));
        expect(table.ru[key], key).not.toMatch(/["“”]/);
      }
    }
  });

  it('writes waits and instants with units, Russian with a decimal comma', () => {
    expect(wait('en', 0)).toBe('0 s');
    expect(wait('en', 0.0035712)).toBe('3.57 ms');
    expect(wait('ru', 0.0035712)).toBe('3,57 мс');
    expect(wait('en', 5)).toBe('5 s');
    expect(wait('en', 65.01)).toBe('1 min 5 s');
    expect(wait('ru', 3725)).toBe('1 ч 2 мин');
    expect(instant('ru', 74.43981)).toBe('74,4398 с');
    expect([1, 2, 5, 11, 21, 22, 112].map(ruForm)).toEqual(['one', 'few', 'many', 'many', 'one', 'few', 'many']);
  });

  it('tells a dead-lettered record’s story in both languages', () => {
    const s = load('retry-topics');
    const r = traceKafka(s, { by: 'offset', partition: 5, offset: 2691 }, s.duration);
    if (!r.ok) throw new Error(r.error);
    const rec = r.trace.records[0];
    expect(laneStory('en', rec, 0, r.trace)).toBe('crm-sync: fetched once, failed attempts: 3, retried 2 times, through orders.retry.5s, orders.retry.1m, then dead-lettered 1 min 5 s after it was produced');
    expect(laneStory('ru', rec, 0, r.trace)).toBe('crm-sync: получена 1 раз, неудачных попыток: 3, повторов: 2, через orders.retry.5s, orders.retry.1m, затем ушла в DLQ через 1 мин 5 с после отправки');
    const dlq = rec.events.find((e) => e.kind === 'dlq')!;
    expect(eventText('ru', dlq, rec, r.trace)).toBe('отправлена в orders.dlq (попыток: 3): retries exhausted after 3 attempts');
  });
});

describe('follow a record: the page’s parts', () => {
  const line = (text: string, id: number): LogLine => ({ t: id, last: id, level: 'WARN', source: 'x', text, count: 1, id });

  it('offers the records the log and the DLQ name, the poison first, each once', () => {
    const lines = [
      line('poison record produced to orders-3 at offset 3051 (key order-1)', 1),
      line('handler failed offset=7 partition=orders-1 attempt=1: TimeoutException', 2),
      line('sent to orders.retry.5s: orders-1 offset=7 attempts=1', 3),
      line('sent to orders.dlq: orders-2 offset=9 attempts=3', 4),
      line('process killed while handling offset=12 partition=orders-0 attempt=1 (attempts counted in memory)', 5),
      line('poll() failed: RecordDeserializationException: Error deserializing VALUE for partition orders-3 at offset 3051. If needed…', 6),
      line('sent to payments.dlq: payments-2 offset=1 attempts=3', 7),
    ];
    expect(logPicks(lines, 'orders')).toEqual([
      { partition: 3, offset: 3051, tag: 'poison' },
      { partition: 2, offset: 9, tag: 'dlq' },
      { partition: 0, offset: 12, tag: 'crash' },
      { partition: 1, offset: 7, tag: 'failed' },
    ]);
    expect(logPicks([], 'orders', [{ partition: 4, offset: 40 }])).toEqual([{ partition: 4, offset: 40, tag: 'dlq' }]);
    expect(logPicks(lines, 'orders', [], 2)).toHaveLength(2);
  });

  it('lays markers one step apart, stage names above and below in turn, each wait between its two markers', () => {
    const ev = (t: number, kind: 'produced' | 'fetched' | 'applied') => ({ t, last: t, group: kind === 'produced' ? -1 : 0, kind, by: null, count: 1 });
    const l = laneLayout([ev(0, 'produced'), ev(0.002, 'fetched'), ev(65, 'applied')], ['produced', 'fetched', 'applied'], [null, '2 ms', '1 min 5 s']);
    expect(l.markers.map((m) => m.x)).toEqual([46, 46 + STEP, 46 + 2 * STEP]);
    expect(l.markers[0].labelY).toBeLessThan(l.markers[1].labelY);
    expect(l.markers[2].labelY).toBe(l.markers[0].labelY);
    expect(l.waits.map((w) => [w.x, w.text])).toEqual([
      [46 + STEP / 2, '2 ms'],
      [46 + 1.5 * STEP, '1 min 5 s'],
    ]);
    expect(l.waits.every((w) => w.w < STEP - 10)).toBe(true);
    expect(l.width).toBeGreaterThan(l.markers[2].x);
    // A long last stage name widens the lane instead of being cut at its edge.
    const long = laneLayout([ev(0, 'produced'), ev(60, 'fetched')], ['produced', 'poll() threw ×239,963'], [null, '1 min']);
    expect(long.width).toBeGreaterThanOrEqual(long.markers[1].x + labelWidth('poll() threw ×239,963') / 2);
    expect(Object.values(TONE)).not.toContain(undefined);
  });
});
