/**
 * Replication: one fetch session per (follower broker F, leader broker L) covering every partition
 * F follows on L (Kafka's one replica fetcher per broker pair). A session is idle, has a request on
 * the wire, is parked at the leader (long poll, `replica.fetch.wait.max.ms`), or has a response on
 * the wire; F sends the next request as soon as a response arrives.
 *
 * At the leader, per partition: the fetch offset (F's LEO) becomes the leader's view of F, the
 * caught-up time follows Kafka's rule (`Replica.updateFetchStateOrThrow`: caught up now if the
 * offset reaches the leader's LEO, else as of the previous fetch if it reached the LEO the leader
 * had then), the ISR may expand, the HW may advance (which completes acks=all requests). The
 * response carries the records up to the leader's LEO and its HW; F's LEO and known HW move when it
 * arrives. ISR shrink is the leader's periodic check (`replica.lag.time.max.ms / 2`).
 *
 * Sessions are incremental, as Kafka's fetch sessions are (KIP-227): a request and its response
 * carry only the partitions that changed — appended to, a new HW, or records the follower took in
 * the last response — so a round costs what changed, not the thousands of partitions a broker
 * pair may share. A partition left out is caught up: when it is next appended to, the leader
 * first records that the follower was caught up at its last fetch (Kafka's lastCaughtUpTime).
 */
import { inCluster } from './brokers.ts';
import type { ClusterModel } from './cluster-model.ts';
import type { Partition } from './partition-state.ts';

const IDLE = 0;
const REQUEST = 1;
const PARKED = 2;
const RESPONSE = 3;

class Session {
  state = IDLE;
  handle = -1;
  readonly parts = new Set<number>();
  /** Partitions the next response must carry: appended to, a new HW, or just joined the session. */
  readonly dirty = new Set<number>();
  /** When the follower's last request reached the leader (its caught-up time for the partitions left out). */
  lastFetchAt = 0;
  /** The response on the wire: per partition its epoch, the LEO sent and the HW sent. */
  resP: number[] = [];
  resEpoch: number[] = [];
  resLeo: number[] = [];
  resHw: number[] = [];
  constructor(
    readonly follower: number,
    readonly leader: number,
  ) {}
}

export class Replication {
  private readonly sessions: Session[] = [];
  private readonly n: number;
  private readonly kArrive: number;
  private readonly kWaitEnd: number;
  private readonly kResponse: number;
  fetches = 0;

  constructor(private readonly m: ClusterModel) {
    const n = (this.n = m.config.brokers);
    for (let f = 1; f <= n; f++) for (let l = 1; l <= n; l++) this.sessions.push(new Session(f, l));
    const sim = m.sim;
    this.kArrive = sim.register('fetch-arrive', (s) => this.onArrive(this.sessions[s]));
    this.kWaitEnd = sim.register('fetch-wait-end', (s) => this.respond(this.sessions[s]));
    this.kResponse = sim.register('fetch-response', (s) => this.onResponse(this.sessions[s]));
  }

  private index(f: number, l: number): number {
    return (f - 1) * this.n + (l - 1);
  }

  session(f: number, l: number): Session {
    return this.sessions[this.index(f, l)];
  }

  /** Partition p's leader is now broker `leader` (0 = none) instead of `old` (0 = none): moves it between sessions. */
  leaderChanged(p: Partition, old: number, leader: number): void {
    for (const b of p.replicas) {
      if (old > 0 && b !== old) this.session(b, old).parts.delete(p.index);
      if (leader > 0 && b !== leader) {
        const s = this.session(b, leader);
        s.parts.add(p.index);
        s.dirty.add(p.index);
        this.kick(s);
      }
    }
  }

  private canFetch(s: Session): boolean {
    const b = this.m.brokers;
    return inCluster(b[s.follower - 1]) && inCluster(b[s.leader - 1]);
  }

  /** Sends F's next fetch if the session is idle and both ends are in the cluster. */
  kick(s: Session): void {
    if (s.state !== IDLE || s.parts.size === 0 || !this.canFetch(s)) return;
    const m = this.m;
    const f = m.brokers[s.follower - 1];
    const slow = m.sim.now < f.slowUntil ? f.slowDelay : 0;
    s.state = REQUEST;
    s.handle = m.sim.schedule(m.rtt(f.rack, m.brokers[s.leader - 1].rack) / 2 + slow, this.kArrive, this.index(s.follower, s.leader));
    this.fetches++;
  }

  /** Every session with broker b at either end starts again (b came back or was cut off). */
  kickBroker(b: number): void {
    for (let o = 1; o <= this.n; o++) {
      if (o === b) continue;
      for (const s of [this.session(b, o), this.session(o, b)]) {
        for (const pi of s.parts) s.dirty.add(pi);
        this.kick(s);
      }
    }
  }

  /** Broker b died or was cut off: its sessions stop; what is on the wire is dropped. */
  stopBroker(b: number): void {
    for (let o = 1; o <= this.n; o++) {
      if (o === b) continue;
      for (const s of [this.session(b, o), this.session(o, b)]) {
        if (s.handle >= 0) this.m.sim.cancel(s.handle);
        s.handle = -1;
        s.state = IDLE;
      }
    }
  }

  private onArrive(s: Session): void {
    s.handle = -1;
    const m = this.m;
    if (!this.canFetch(s)) {
      s.state = IDLE;
      return;
    }
    const now = m.sim.now;
    s.lastFetchAt = now;
    let data = false;
    // The partitions this request carries: those the last response brought records for, and those changed since.
    for (const pi of s.resP) s.dirty.add(pi);
    for (const pi of s.dirty) {
      const p = m.parts[pi];
      if (p.leaderBroker !== s.leader || !s.parts.has(pi)) {
        s.dirty.delete(pi);
        continue;
      }
      const r = p.replicaOf(s.follower);
      const leaderLeo = p.leo[p.leader];
      const offset = p.leo[r];
      p.view[r] = offset;
      if (offset >= leaderLeo) p.lastCaughtUp[r] = now;
      else if (offset >= p.lastFetchLeaderLeo[r]) p.lastCaughtUp[r] = Math.max(p.lastCaughtUp[r], p.lastFetchAt[r]);
      p.lastFetchLeaderLeo[r] = leaderLeo;
      p.lastFetchAt[r] = now;
      p.fetchedThisEpoch[r] = 1;
      if (!p.isr[r] && offset >= p.hw) m.expandIsr(p, r);
      if (p.updateHw()) m.hwAdvanced(p);
      if (leaderLeo > offset) data = true;
      else if (p.knownHw[r] >= p.hw && p.isr[r]) s.dirty.delete(pi); // caught up, in the ISR and knows the HW: nothing to send
    }
    if (data || m.config.fetchWait === 0) this.respond(s);
    else {
      s.state = PARKED;
      s.handle = m.sim.schedule(m.config.fetchWait, this.kWaitEnd, this.index(s.follower, s.leader));
    }
  }

  /** The leader answers now: records up to its LEO and its HW, per partition. */
  private respond(s: Session): void {
    const m = this.m;
    if (s.handle >= 0 && s.state === PARKED) m.sim.cancel(s.handle);
    s.handle = -1;
    if (!this.canFetch(s)) {
      s.state = IDLE;
      return;
    }
    s.resP.length = s.resEpoch.length = s.resLeo.length = s.resHw.length = 0;
    for (const pi of s.dirty) {
      const p = m.parts[pi];
      if (p.leaderBroker !== s.leader || !s.parts.has(pi)) continue;
      s.resP.push(pi);
      s.resEpoch.push(p.epoch);
      s.resLeo.push(p.end);
      s.resHw.push(p.hw);
    }
    s.dirty.clear();
    s.state = RESPONSE;
    s.handle = m.sim.schedule(m.rtt(m.brokers[s.follower - 1].rack, m.brokers[s.leader - 1].rack) / 2, this.kResponse, this.index(s.follower, s.leader));
  }

  private onResponse(s: Session): void {
    s.handle = -1;
    s.state = IDLE;
    const m = this.m;
    if (!this.canFetch(s)) return;
    for (let i = 0; i < s.resP.length; i++) {
      const p = m.parts[s.resP[i]];
      if (p.epoch !== s.resEpoch[i] || p.leaderBroker !== s.leader) continue;
      const r = p.replicaOf(s.follower);
      const leo = Math.min(s.resLeo[i], p.end);
      if (leo > p.leo[r]) p.leo[r] = leo;
      const hw = Math.min(s.resHw[i], p.leo[r]);
      if (hw > p.knownHw[r]) {
        p.knownHw[r] = hw;
        m.readers.changed(p.index);
      }
    }
    this.kick(s);
  }

  /**
   * The leader appended to p from offset `from`: parked fetches of p's followers answer now. A
   * follower that was caught up (its last fetch offset was the log end) was caught up as of its
   * session's last request — recorded now, since requests without p did not touch p's state.
   */
  appended(p: Partition, from: number): void {
    const l = p.leaderBroker;
    for (let r = 0; r < p.rf; r++) {
      const b = p.replicas[r];
      if (b === l) continue;
      const s = this.session(b, l);
      if (!s.dirty.has(p.index) && p.view[r] >= from && s.lastFetchAt > p.lastFetchAt[r]) {
        if (s.lastFetchAt > p.lastCaughtUp[r]) p.lastCaughtUp[r] = s.lastFetchAt;
        p.lastFetchAt[r] = s.lastFetchAt;
        p.lastFetchLeaderLeo[r] = from;
      }
      s.dirty.add(p.index);
      if (s.state === PARKED) this.respond(s);
    }
  }

  /** p's HW moved: its followers learn it with their next response. */
  hwChanged(p: Partition): void {
    const l = p.leaderBroker;
    for (const b of p.replicas) if (b !== l) this.session(b, l).dirty.add(p.index);
  }
}
