/**
 * The records the Kafka event log's lines name (the event log's "follow" button and the picks of
 * "Follow a record"): each line kind the model writes about one record, read from a real run's log.
 */
import { describe, expect, it } from 'vitest';
import { logPicks, recordOfLine } from '../../src/app/panels/kafka/trace/picks.ts';

describe('recordOfLine', () => {
  const cases: [string, { partition: number; offset: number; tag: string } | null][] = [
    ['poison record produced to orders-3 at offset 3051 (key order-38800)', { partition: 3, offset: 3051, tag: 'poison' }],
    [
      'poll() failed: RecordDeserializationException: Error deserializing VALUE for partition orders-3 at offset 3051. If needed, please seek past the record to continue consumption.',
      { partition: 3, offset: 3051, tag: 'poison' },
    ],
    ['sent to orders.dlq: orders-5 offset=12 attempts=3', { partition: 5, offset: 12, tag: 'dlq' }],
    ['process killed while handling offset=77 partition=orders-1', { partition: 1, offset: 77, tag: 'crash' }],
    ['handler failed offset=3051 partition=orders-3 attempt=4: JsonParseException', { partition: 3, offset: 3051, tag: 'failed' }],
    ['sent to orders.retry.5s: orders-2 offset=40 attempts=1', { partition: 2, offset: 40, tag: 'retry' }],
    ["Successfully joined group with generation Generation{generationId=1, memberId='consumer-warehouse-1-1', protocol='range'}", null],
    ['Deleting segment of orders-3 due to retention time 3600000ms breach: log start offset is now 1200', null],
    // Another topic's record is not this topic's.
    ['handler failed offset=9 partition=payments-0 attempt=1: TimeoutException', null],
  ];
  for (const [text, want] of cases) it(text.slice(0, 60), () => expect(recordOfLine(text, 'orders')).toEqual(want));

  it('reads a topic whose name has regular-expression characters literally', () => {
    expect(recordOfLine('handler failed offset=1 partition=a.b-0 attempt=1', 'a.b')).toEqual({ partition: 0, offset: 1, tag: 'failed' });
    expect(recordOfLine('handler failed offset=1 partition=aXb-0 attempt=1', 'a.b')).toBeNull();
  });
});

describe('logPicks', () => {
  it('keeps one pick per record, the most telling first', () => {
    const line = (text: string, id: number) => ({ id, t: id, last: id, count: 1, level: 'WARN' as const, source: 'x', text });
    const picks = logPicks(
      [line('handler failed offset=5 partition=orders-1 attempt=1: X', 1), line('sent to orders.dlq: orders-1 offset=5 attempts=3', 2), line('poison record produced to orders-0 at offset 9', 3)],
      'orders',
    );
    expect(picks).toEqual([
      { partition: 0, offset: 9, tag: 'poison' },
      { partition: 1, offset: 5, tag: 'dlq' },
    ]);
  });
});
