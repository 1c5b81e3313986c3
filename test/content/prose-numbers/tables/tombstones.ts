import { storage as st, type Entry } from '../ledger.ts';
import type { StorageScenario } from '../../../../src/scenario/schema.ts';

const away = (s: StorageScenario) => s.faults[0] as Extract<StorageScenario['faults'][number], { kind: 'reader-offline' }>;

export default [
  st.input('carts: {6} partitions', 'carts: {6} партиций', (s) => s.topic.partitions),
  st.input('cart id, {50,000} carts', 'id корзины, {50 000} корзин', (s) => (s.producer.keys.kind === 'uniform' ? s.producer.keys.count : NaN)),
  st.input('{20} % of the writes', '{20} % записей', (s) => s.producer.tombstones * 100),
  st.input('max.compaction.lag.ms to {5} minutes', 'max.compaction.lag.ms в {5} минут', (s) => s.topic['max.compaction.lag.ms']! / 60_000),
  st.input(['delete.retention.ms to {10} minutes', 'delete horizon, {10} minutes after'], ['delete.retention.ms — в {10} минут', 'удаления — {10} минут после'], (s) => s.topic['delete.retention.ms'] / 60_000),
  st.input('t = {600} s', 't = {600} с', (s) => away(s).at),
  st.input(['down for {30} minutes', 'against a {30}-minute outage'], ['падает на {30} минут', 'против {30}-минутного'], (s) => away(s).duration / 60),
  st.measured("than the producer's: {388} carts", 'у продюсера: {388} корзин', (r) => r.lastCatchUp!.resurrected, { within: 0 }),
  st.measured('the log when it returns: {0} resurrected', 'воскресших корзин {0}', (r) => r.lastCatchUp!.resurrected, { fix: true }),
  st.input('delete.retention.ms = {1} h', 'delete.retention.ms = {1} ч', (s) => s.topic['delete.retention.ms'] / 3_600_000, { fix: true }),
] satisfies Entry[];
