/**
 * Little's law is judged only where it means something: each Kafka scenario discards its start-up
 * (a warm-up) and its summary either agrees with L = λ·W within narrow intervals or says why it
 * cannot — the backlog grows (λ > μ), or transients make the interval too wide to judge.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { littleCheck, WIDE } from '../../src/run/little.ts';
import { run } from './helpers.ts';

const e = (mean: number, hw: number) => ({ mean, hw, batches: 30 });

describe('littleCheck', () => {
  it('agrees when L and λ·W differ by less than their intervals', () => {
    expect(littleCheck(e(50, 3), e(0.05, 0.002), e(1000, 3), e(1000, 3)).verdict).toBe('agrees');
  });
  it('differs when they do not, in a run that looks steady', () => {
    expect(littleCheck(e(60, 3), e(0.05, 0.002), e(1000, 3), e(1000, 3)).verdict).toBe('differs');
  });
  it('says overloaded when throughput stays below the input beyond both intervals', () => {
    expect(littleCheck(e(5000, 300), e(5, 0.3), e(1000, 3), e(900, 10)).verdict).toBe('overloaded');
    // Output below input but within the intervals is not evidence of a growing backlog.
    expect(littleCheck(e(50, 3), e(0.05, 0.002), e(1000, 3), e(990, 10)).verdict).toBe('agrees');
  });
  it(`says too wide when L's half-width exceeds ${WIDE * 100} % of L`, () => {
    expect(littleCheck(e(7, 12), e(0.007, 0.012), e(1000, 3), e(1000, 3)).verdict).toBe('wide');
  });
  it('is pending without intervals', () => {
    expect(littleCheck(e(7, NaN), e(0.007, 0.001), e(1000, 3), e(1000, 3)).verdict).toBe('pending');
    expect(littleCheck({ mean: null, hw: null, batches: 0 }, e(1, 1), e(1, 1), e(1, 1)).verdict).toBe('pending');
  });
});

/** Each Kafka scenario's verdict, and why. */
const EXPECTED: Record<string, 'agrees' | 'overloaded' | 'wide'> = {
  'littles-law': 'agrees',
  'pubsub-groups': 'agrees', // the first group (billing) keeps up; analytics lags alone
  'log-replay': 'agrees', // the first group (warehouse) keeps up; analytics joins late and replays alone
  'thread-pool-reorder': 'agrees',
  'dead-producer': 'agrees',
  'add-partitions': 'overloaded', // 6 partitions over 4 consumers: two own 2 (180/s each > 147/s) until t = 300 s
  'black-friday': 'overloaded', // λ = 800/s against μ = 600/s after the step
  'overload-5pct': 'overloaded',
  'hot-partition': 'overloaded', // one consumer gets more than it can apply
  'poison-message': 'overloaded', // a partition is blocked: its records pile up
  'schema-change': 'overloaded', // every partition is blocked from the deploy on
  'attempts-in-memory': 'overloaded', // two partitions blocked by the crash loop
  'rebalance-storm': 'overloaded',
  'retention-reset': 'overloaded', // the only consumer is down for minutes
  'commit-before-processing': 'overloaded',
  'consumers-gt-partitions': 'wide', // the eager rebalance to 40 members at t = 60 s
  'autoscale-by-lag': 'wide', // a ×3 surge for 120 s and four scale steps, each an eager rebalance
  'eager-vs-cooperative': 'wide', // six rolling restarts
  'retry-topics': 'wide', // a dependency outage
  'idempotent-consumer': 'wide', // a crash and the rebalance after it
};

/** Scenarios without a warm-up, and why. */
const NO_WARMUP: Record<string, string> = {
  'commit-before-processing': 'the crash that is the story happens at t = 7.5 s',
  'idempotent-consumer': 'W, lag and duplicates over the whole run, the first join included, as the lesson counts them',
};

const kafkaIds = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
  .map((f) => f.replace(/\.json$/, ''))
  .filter((id) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')).model === 'kafka');

describe("Little's law in every Kafka scenario", () => {
  it('every Kafka scenario has an expected verdict', () => {
    expect(kafkaIds.sort()).toEqual(Object.keys(EXPECTED).sort());
  });
  for (const id of kafkaIds) {
    it(`${id}: discards its start-up and says “${EXPECTED[id]}”`, () => {
      const { s, r } = run(id);
      if (NO_WARMUP[id]) expect(s.warmup).toBe(0);
      else expect(s.warmup).toBeGreaterThanOrEqual(30);
      expect(r.littlesLaw.verdict).toBe(EXPECTED[id]);
      if (EXPECTED[id] === 'agrees') {
        // Narrow enough to say something: L's interval within 10 % of L.
        expect(r.L.hw! / r.L.mean!).toBeLessThan(0.1);
      }
    });
  }
});
