/**
 * Numbers the lessons quote from a run (shipped seed), checked against that run: each entry names
 * the text as it stands in both languages and the measured value it stands for, with a tolerance
 * that matches the rounding the text uses. Changing the model or the text without the other fails.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { run } from '../kafka/helpers.ts';
import type { KafkaSummary } from '../../src/run/models/kafka/summary.ts';

interface Quote {
  scenario: string;
  sets?: string[];
  en: string;
  ru: string;
  measured: (r: KafkaSummary) => number;
  /** The value the text says, and how far the run may be from it. */
  says: number;
  within: number;
}

const QUOTES: Quote[] = [
  { scenario: 'black-friday', en: 'about 3½ minutes by the end', ru: 'примерно до 3,5 минуты', measured: (r) => r.lagSeconds.final / 60, says: 3.5, within: 0.25 },
  { scenario: 'pubsub-groups', en: 'to nearly two minutes by the end', ru: 'почти две минуты', measured: (r) => r.groups.analytics.lagSeconds.final / 60, says: 1.9, within: 0.1 },
  { scenario: 'overload-5pct', en: 'about 20,000 records after the hour', ru: 'около 20 000 записей к концу часа', measured: (r) => r.lagRecords.final, says: 20_000, within: 1_000 },
  { scenario: 'eager-vs-cooperative', en: '~200 partition-seconds of reading paused by rebalances', ru: '~200 партиция-секунд простоя', measured: (r) => r.rebalancePausedSeconds, says: 200, within: 10 },
  { scenario: 'eager-vs-cooperative', en: 'start-up join’s ~73 partition-seconds', ru: '~73 партиция-секунды стартового', measured: (r) => r.startupPausedSeconds, says: 73, within: 1 },
  {
    scenario: 'eager-vs-cooperative',
    sets: ['groups.0.partition.assignment.strategy=cooperative-sticky'],
    en: '(~44 partition-seconds)',
    ru: '(~44 партиция-секунды)',
    measured: (r) => r.rebalancePausedSeconds,
    says: 44,
    within: 1,
  },
  { scenario: 'rebalance-storm', en: 'throughput ends at ~2.7/s', ru: '~2,7/с', measured: (r) => r.throughput.mean!, says: 2.7, within: 0.05 },
  { scenario: 'commit-before-processing', en: 'lost jumps to about 200', ru: 'около 200', measured: (r) => r.lost, says: 200, within: 10 },
];

describe('numbers quoted in lessons agree with the run', () => {
  for (const q of QUOTES) {
    it(`${q.scenario}${q.sets ? ` (${q.sets.join(', ')})` : ''}: “${q.en}”`, () => {
      expect(readFileSync(`scenarios/lessons/${q.scenario}.en.md`, 'utf8')).toContain(q.en);
      expect(readFileSync(`scenarios/lessons/${q.scenario}.ru.md`, 'utf8')).toContain(q.ru);
      const { r } = run(q.scenario, ...(q.sets ?? []));
      expect(Math.abs(q.measured(r) - q.says)).toBeLessThanOrEqual(q.within);
    });
  }
});
