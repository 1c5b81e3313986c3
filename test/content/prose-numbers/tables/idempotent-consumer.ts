import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const crash = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'crash' }>;

export default [
  k.input('applies {400} payments', 'применяет {400} платежей', (s) => s.producers[0].rate),
  k.input('from {4} partitions', 'из {4} партиций', (s) => s.topic.partitions),
  k.input('with {2} consumers', '{двумя} консьюмерами', (s) => s.groups[0].members),
  k.input('committed every {5} s', 'каждые {5} с', (s) => s.groups[0]['auto.commit.interval.ms'] / 1000, { kafkaDefault: 'consumer.auto.commit.interval.ms' }),
  k.input('At t = {30} s ledger-{1}', 'В t = {30} с ledger-{1}', (s) => [crash(s).at, Number(crash(s).target.split('-')[1])], { says: [30, 1] }),
  k.input('restarts it {10} s later', 'перезапускает его через {10} с', (s) => crash(s).restartAfter ?? NaN),
  k.input('session.timeout.ms ({45} s)', 'session.timeout.ms ({45} с)', (s) => s.groups[0]['session.timeout.ms'] / 1000, { kafkaDefault: 'consumer.session.timeout.ms' }),
  k.fact('everything ledger-{1} had', 'всё, что ledger-{1} применил', 'the name of the consumer that crashed'),
  k.fact(['delivers {twice}', 'applied {twice} —'], ['доставляет {дважды}', 'применены {дважды} —'], 'the story: a record applied a second time'),
  k.fact('Between {two} commits', 'Между {двумя} коммитами', 'any two consecutive commits'),
  k.fact('are {two} writes to {two} systems', '— {две} записи в {две} системы', 'the effect and the offset: a database and Kafka'),
  k.measured('Duplicates: {794} payments', 'Дубли: {794} платежа', (r) => r.duplicates),
  k.measured('Lost stays {0}', 'Потерь {0}', (r) => r.lost),
  k.measured('the same {794} redeliveries', 'те же {794} повторных', (r) => r.redeliveries, { fix: true }),
  k.measured('and {0} duplicate effects', 'и {0} повторных эффектов', (r) => r.duplicates, { fix: true }),
] satisfies Entry[];
