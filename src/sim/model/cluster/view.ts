/**
 * Reading the cluster model: the topology the page draws now (bounded: the first
 * MAX_PARTITION_VIEWS partitions one by one, the rest counted). Reads only.
 */
import type { ClusterModel } from './cluster-model.ts';
import { PState, type Partition } from './partition-state.ts';
import { MAX_PARTITION_VIEWS, type BrokerView, type ClusterTopology, type PartitionReplicasView } from './types.ts';

const STATE_NAMES: PartitionReplicasView['state'][] = ['online', 'under-replicated', 'under-min-isr', 'offline'];

export function brokerViews(m: ClusterModel): BrokerView[] {
  const leads = new Array<number>(m.brokers.length + 1).fill(0);
  for (const p of m.parts) if (!m.offline(p)) leads[p.leaderBroker]++;
  const now = m.sim.now;
  return m.brokers.map((b) => ({
    id: b.id,
    rack: b.rack,
    state: b.state,
    slow: now < b.slowUntil || now < b.produceSlowUntil,
    controller: m.config.controller.mode === 'zookeeper' && m.controller.broker === b.id,
    leaderOf: leads[b.id],
    replicas: b.hosted.length,
  }));
}

export function partitionView(m: ClusterModel, p: Partition): PartitionReplicasView {
  const off = m.offline(p);
  return {
    partition: p.index,
    leader: off ? null : p.leaderBroker,
    leaderEpoch: p.epoch,
    replicas: Array.from(p.replicas),
    isr: p.isrBrokers(),
    leo: Array.from(p.leo),
    hw: p.hw,
    lso: p.hw,
    state: STATE_NAMES[p.status],
    lastCut: p.lastCut ? { at: p.lastCut.at, epoch: p.lastCut.epoch, records: [...p.lastCut.records] } : null,
  };
}

export function clusterTopology(m: ClusterModel): ClusterTopology {
  const rs = m.readers.stats();
  const proc = m.scenario.processor;
  const shown = m.parts.slice(0, MAX_PARTITION_VIEWS);
  return {
    topic: m.topic,
    partitions: m.partitions,
    brokers: brokerViews(m),
    controller: {
      mode: m.config.controller.mode,
      broker: m.config.controller.mode === 'zookeeper' ? m.controller.broker : null,
      failingOver: !m.controller.ready,
      pendingElections: m.controller.pending,
    },
    replicas: shown.map((p) => partitionView(m, p)),
    counts: { offline: m.statusCount[PState.Offline], underMinIsr: m.statusCount[PState.UnderMinIsr], underReplicated: m.underReplicated },
    processor:
      proc && rs.processor
        ? {
            name: proc.name,
            guarantee: proc['processing.guarantee'],
            state: rs.processor.state,
            uncommitted: rs.processor.uncommitted,
            processed: rs.processor.processed,
            committed: rs.processor.committed,
          }
        : null,
    consumers: m.scenario.consumers.map((c, i) => ({
      name: c.name,
      reads: c.reads,
      isolation: c['isolation.level'],
      fetchesFrom: rs.consumers[i]?.fetchesFrom ?? null,
      fetchesFromParts: c.reads === 'output' ? shown.map(() => null) : shown.map((p) => m.replicaFor(p.index, c['client.rack'])),
    })),
  };
}
