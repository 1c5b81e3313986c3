/**
 * The controller as a timing model (schema: ControllerSchema). A broker that dies (or is cut off)
 * is noticed after the mode's session timeout; the controller then drops it from the ISRs it is a
 * follower in and elects leaders for the partitions it led, one at a time,
 * `electionMsPerPartition` apart, in partition order. While the controller fails over
 * (`controller-failover`; in ZooKeeper mode also a crash of the controller broker) nothing is
 * noticed or elected until the new one is ready.
 *
 * Elections: clean = the first replica in assignment order that is in the cluster and in the ISR
 * (the ISR becomes the old ISR's members in the cluster); else, with
 * `unclean.leader.election.enable`, the first replica in the cluster (ISR = it alone); else the
 * partition stays offline until an ISR member comes back. The log is cut to the new leader's LEO
 * (partition-state.ts). Preferred-leader rebalance every `leader.imbalance.check.interval.seconds`
 * moves leadership back to the first replica when it is in the ISR, on brokers whose share of
 * misplaced leaders exceeds Kafka's `leader.imbalance.per.broker.percentage` (10 %).
 */
import { inCluster } from './brokers.ts';
import type { ClusterModel } from './cluster-model.ts';
import type { Partition } from './partition-state.ts';

export const IMBALANCE_RATIO = 0.1;

export class Controller {
  ready = true;
  /** ZooKeeper mode: the controller broker's id. */
  broker = 0;
  private readonly queue: number[] = [];
  private head = 0;
  private electing = false;
  /** Brokers whose death was noticed while the controller was not ready. */
  private deferred: number[] = [];
  private readyHandle = -1;
  private readonly kNotice: number;
  private readonly kReady: number;
  private readonly kElect: number;
  private readonly kRebalance: number;

  constructor(private readonly m: ClusterModel) {
    const sim = m.sim;
    if (m.config.controller.mode === 'zookeeper') this.broker = 1;
    this.kNotice = sim.register('broker-session-expired', (b) => this.onNotice(b));
    this.kReady = sim.register('controller-ready', () => this.onReady());
    this.kElect = sim.register('election', () => this.onElect());
    this.kRebalance = sim.register('preferred-leader-check', () => this.onRebalance());
    if (m.config.rebalance) sim.schedule(m.config.rebalanceEvery, this.kRebalance, 0, 10);
  }

  get pending(): number {
    return this.queue.length - this.head;
  }

  /** Broker b left the cluster (crash or cut off): the controller notices after the session timeout. */
  brokerLeft(b: number): void {
    const br = this.m.brokers[b - 1];
    if (br.noticeHandle >= 0) return;
    br.noticeHandle = this.m.sim.schedule(this.m.config.controller.sessionTimeout, this.kNotice, b);
    if (this.m.config.controller.mode === 'zookeeper' && b === this.broker && this.m.brokers[b - 1].state === 'down') this.failover(`controller broker ${b} died`);
  }

  /** Broker b is back before the controller noticed: nothing happened (its partitions resume). */
  brokerBack(b: number): void {
    const br = this.m.brokers[b - 1];
    if (br.noticeHandle >= 0) {
      this.m.sim.cancel(br.noticeHandle);
      br.noticeHandle = -1;
    }
    // Partitions waiting for a replica of b (offline, no clean candidate before) may elect now.
    for (const p of br.hosted) {
      const part = this.m.parts[p];
      if (this.m.offline(part)) this.enqueue(part);
    }
    this.process();
  }

  private onNotice(b: number): void {
    const br = this.m.brokers[b - 1];
    br.noticeHandle = -1;
    if (!this.ready) {
      this.deferred.push(b);
      return;
    }
    this.handleDeath(b);
  }

  private handleDeath(b: number): void {
    const m = this.m;
    const br = m.brokers[b - 1];
    if (br.state === 'up') return; // back meanwhile
    if (br.state === 'isolated') {
      br.state = 'fenced';
      m.log.add(m.sim.now, 'WARN', 'Controller', `Fencing broker ${b}: no heartbeat for ${Math.round(m.config.controller.sessionTimeout * 1000)} ms`);
      m.brokerStateChanged(b);
    } else m.log.add(m.sim.now, 'WARN', 'Controller', `Broker ${b} session expired; electing leaders for its partitions`);
    br.orphans = 0;
    for (const p of br.hosted) {
      const part = m.parts[p];
      const r = part.replicaOf(b);
      if (part.leaderBroker === b) {
        part.orphanOf = b;
        br.orphans++;
        this.enqueue(part);
      } else if (part.isr[r] && part.isrSize > 1) {
        m.setIsr(part, r, false, `controller removed failed broker ${b}`);
      }
    }
    this.process();
  }

  enqueue(part: Partition): void {
    if (part.queued) return;
    part.queued = true;
    this.queue.push(part.index);
  }

  private process(): void {
    if (!this.ready || this.electing || this.pending === 0) return;
    this.electing = true;
    this.m.sim.schedule(this.m.config.controller.electionPerPartition, this.kElect, 0);
  }

  private onElect(): void {
    this.electing = false;
    if (!this.ready) return;
    const p = this.queue[this.head++];
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    }
    const part = this.m.parts[p];
    part.queued = false;
    this.elect(part);
    this.process();
  }

  /** Clean, then (if enabled) unclean election for an offline partition. */
  private elect(part: Partition): void {
    const m = this.m;
    if (!m.offline(part)) {
      m.orphanResolved(part);
      return;
    }
    let pick = -1;
    for (let r = 0; r < part.rf && pick < 0; r++) if (part.isr[r] && inCluster(m.brokers[part.replicas[r] - 1])) pick = r;
    if (pick >= 0) {
      m.changeLeader(part, pick, 'clean');
      return;
    }
    if (m.config.unclean) {
      for (let r = 0; r < part.rf && pick < 0; r++) if (inCluster(m.brokers[part.replicas[r] - 1])) pick = r;
      if (pick >= 0) {
        m.changeLeader(part, pick, 'unclean');
        return;
      }
    }
    m.log.add(m.sim.now, 'ERROR', 'Controller', `No in-sync replica of ${m.topic}-${part.index} is alive (ISR ${part.isrBrokers().join(',')}); the partition stays offline${m.config.unclean ? '' : ' (unclean.leader.election.enable=false)'}`);
  }

  failover(why: string): void {
    const m = this.m;
    this.ready = false;
    if (this.readyHandle >= 0) m.sim.cancel(this.readyHandle);
    const zk = m.config.controller.mode === 'zookeeper';
    if (zk) {
      // The next broker in the cluster becomes the controller.
      const n = m.config.brokers;
      for (let k = 1; k <= n; k++) {
        const b = ((this.broker - 1 + k) % n) + 1;
        if (m.brokers[b - 1].state !== 'down') {
          this.broker = b;
          break;
        }
      }
    }
    m.log.add(m.sim.now, 'WARN', 'Controller', `Controller failover (${why}): ${zk ? `broker ${this.broker} takes over after the ZooKeeper session timeout and loads ${m.config.partitions} partitions` : 'a standby controller takes over after the quorum election timeout'}`);
    this.readyHandle = m.sim.schedule(m.config.controller.failoverTime, this.kReady, 0);
  }

  private onReady(): void {
    this.readyHandle = -1;
    this.ready = true;
    this.m.log.add(this.m.sim.now, 'INFO', 'Controller', `Controller ready${this.broker > 0 ? ` on broker ${this.broker}` : ''}`);
    const d = this.deferred;
    this.deferred = [];
    for (const b of d) this.handleDeath(b);
    this.process();
  }

  private onRebalance(): void {
    const m = this.m;
    m.sim.schedule(m.config.rebalanceEvery, this.kRebalance, 0, 10);
    if (!this.ready) return;
    const n = m.config.brokers;
    const preferred = new Array<number>(n + 1).fill(0);
    const misplaced = new Array<number>(n + 1).fill(0);
    for (const part of m.parts) {
      const b = part.replicas[0];
      preferred[b]++;
      if (part.leader !== 0) misplaced[b]++;
    }
    for (const part of m.parts) {
      const b = part.replicas[0];
      if (part.leader === 0 || misplaced[b] / preferred[b] <= IMBALANCE_RATIO) continue;
      if (!part.isr[0] || !inCluster(m.brokers[b - 1]) || m.offline(part)) continue;
      if (m.brokers[part.leaderBroker - 1].state !== 'up') continue;
      m.changeLeader(part, 0, 'preferred');
    }
  }
}
