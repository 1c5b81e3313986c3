import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

type Deploy = Extract<KafkaScenario['faults'][number], { kind: 'schema-change' }>;
const deploy = (s: KafkaScenario) => s.faults[0] as Deploy;
const rejected = (r: { producers: { rejected: number }[] }) => r.producers.reduce((a, p) => a + p.rejected, 0);

export default [
  k.input(['writes {300} orders a second', 'share of the {300} records/s'], ['пишет {300} заказов', 'долей от {300} записей/с'], (s) => s.producers[0].rate),
  k.input('with {3} consumers', 'читает их {3} консьюмерами', (s) => s.groups[0].members),
  k.fact(
    ['against version {1} of', 'deploys version {2},', 'version {2} is registered', 'schema version {2} for', 'refuses version {2}'],
    ['под версию {1} этой', 'выкатывает версию {2},', 'версия {2} регистрируется', 'schema version {2} for', 'отклоняет версию {2}'],
    "the schema's versions: the one the consumers were built with, and the producer's next",
  ),
  k.input('At t = {60} s checkout', 'В момент t = {60} с checkout', (s) => deploy(s).at),
  k.input('all {6} partitions', 'сразу все {6} партиций', (s) => s.topic.partitions),
  k.measured('lag ends at {53,935} records', 'лаг {53 935} записей', (r) => r.lagRecords.final),
  k.measured('its age at {180} s', 'его возраст {180} с', (r) => r.lagSeconds.final),
  k.measured('lost and duplicates stay {0}', 'потерь и дублей {0}', (r) => r.lost + r.duplicates),
  k.fact('with HTTP {409}', 'с HTTP {409}', "the schema registry's status for an incompatible schema"),
  k.measured('{53,935} sends refused', '{53 935} отправок отклонено', rejected, { fix: true }),
  k.measured('written: lag {0}.', 'записано: лаг {0}.', (r) => r.lagRecords.final, { fix: true }),
] satisfies Entry[];
