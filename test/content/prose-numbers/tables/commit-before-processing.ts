import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const crash = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'crash' }>;
/** The start-up join, per partition (every partition waits for the group's first assignment). */
const firstJoin = (r: { startupPausedSeconds: number }, s: KafkaScenario) => r.startupPausedSeconds / s.topic.partitions;

export default [
  k.input('at {400}/s', 'идут {400}/с', (s) => s.producers[0].rate),
  k.input('on {2} partitions', 'в {2} партиции', (s) => s.topic.partitions),
  k.measured('takes about {6} s', 'около {6} с', (r, { s }) => firstJoin(r, s), { within: 0.5 }),
  k.measured('{two} windows of group.initial', '{два} окна group.initial', (r, { s }) => firstJoin(r, s) / (s.groups[0]['group.initial.rebalance.delay.ms'] / 1000), {
    within: 0.1,
    kafkaDefault: 'groupCoordinator.group.initial.rebalance.delay.ms',
  }),
  k.input('full batches of {500}', 'пачки по {500} записей', (s) => s.groups[0]['max.poll.records']),
  k.input('t = {7.5} s', 't = {7,5} с', (s) => crash(s).at),
  k.input('comes back {10} s later', 'через {10} с', (s) => crash(s).restartAfter ?? NaN),
  k.measured('lost jumps to about {200}', 'около {200}, и больше', (r) => r.lost, { within: 10 }),
  k.measured('duplicates stay at {0}', 'дублей — {0}', (r) => r.duplicates),
  k.measured('a few {hundred} duplicates', 'несколько {сотен} дублей', (r) => r.duplicates, { fix: true, says: [200, 900] }),
] satisfies Entry[];
