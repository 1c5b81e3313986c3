/** The Kafka model's contribution to the page (see `src/app/registry.ts`). */
import type { KafkaScenario } from '../../../scenario/index.ts';
import type { KafkaSnapshotData } from '../../../run/models/kafka/snapshot.ts';
import type { ModelPanels } from '../../registry.ts';
import { kafkaCompare } from './compare.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import TraceTab from './TraceTab.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { kafkaCounters } from './counters.ts';
import { ktranslate } from './text.ts';
import { kafkaSweep } from './sweep.ts';
import { recordOfLine } from './trace/picks.ts';

export const panels: ModelPanels<KafkaScenario> = {
  Main,
  Side: Faults,
  tabs: [
    { id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as KafkaSnapshotData | null)?.log.length ?? 0})`, component: EventLog },
    { id: 'trace', label: (pg) => ktranslate(pg.lang, 'tab.trace'), component: TraceTab },
  ],
  counters: kafkaCounters,
  settings: () => import('./sections.ts').then((m) => m.KAFKA_SETTINGS),
  sweep: kafkaSweep,
  hasLog: true,
  compare: kafkaCompare,
  present: { panels: ['topology', 'chart-lag'], counters: ['k-lag', 'k-lagS'] },
  follow: {
    tab: 'trace',
    record(line, pg) {
      const topic = (pg.data as KafkaSnapshotData | null)?.topic;
      return topic ? recordOfLine(line.text, topic) : null;
    },
  },
};
