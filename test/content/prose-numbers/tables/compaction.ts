import { storage as st, type Entry } from '../ledger.ts';

export default [
  st.input('customers: {6} partitions', 'customers: {6} партиций', (s) => s.topic.partitions),
  st.input('key = customer id, {10,000} customers', 'id клиента, {10 000} клиентов', (s) => (s.producer.keys.kind === 'zipf' ? s.producer.keys.count : NaN)),
  st.input('{1} % of the writes', '{1} % записей', (s) => s.producer.tombstones * 100),
  st.input('t = {6000} s', 't = {6000} с', (s) => s.reader.start!),
  st.input('beginning, {2,000} records a second', 'начала, {2000} записей в секунду', (s) => s.reader['records.per.second']),
  st.measured('climbs to {7,918} keys', 'дорастает до {7918} ключей', (r) => r.lastCatchUp!.keys, { within: 0 }),
  st.measured('below the {8,824} customers', 'ниже {8824} клиентов', (r) => r.lastCatchUp!.trueKeys, { within: 0 }),
  st.measured('Missing keys: {906} customers', 'Потерянные ключи: {906} клиентов', (r) => r.lastCatchUp!.missing, { within: 0 }),
  st.measured(['restore read {78,685} records', 'records in 7.4 s instead of {78,685}.'], ['прочитало {78 685} записей', 'с вместо {78 685}.'], (r) => r.lastCatchUp!.read, { within: 0 }),
  st.measured('records in {39} s and', 'записей за {39} с и', (r) => r.lastCatchUp!.seconds),
  st.measured('{0} missing, after', 'потеряно {0},', (r) => r.lastCatchUp!.missing, { fix: true }),
  st.measured('after reading {14,722} records', 'прочитано {14 722} записи', (r) => r.lastCatchUp!.read, { fix: true, within: 0 }),
  st.measured('records in {7.4} s instead', 'записи за {7,4} с вместо', (r) => r.lastCatchUp!.seconds, { fix: true }),
  st.measured('never above {19,720} records', 'не выше {19 720} записей', (r) => r.logRecordsMax, { fix: true, within: 0 }),
] satisfies Entry[];
