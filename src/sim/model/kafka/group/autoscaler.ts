/**
 * A lag-driven autoscaler for a consumer group's deployment, in simulated time: KEDA's Apache Kafka
 * scaler feeding a Kubernetes HorizontalPodAutoscaler. Every pod is one consumer process of the
 * group, so each scale step starts or stops members through the group's own paths — a started
 * consumer joins at its first poll, a deleted pod's consumer closes (LeaveGroup, or for a static
 * member its session) — and the coordinator rebalances as it always does, eager or cooperative.
 *
 * KEDA's behaviour (kedacore/keda, pkg/scalers/kafka_scaler.go and pkg/scaling/executor):
 * - the metric is the group's total lag, Σ (log-end − committed offset) over the topic's
 *   partitions; a partition without a committed offset counts 1 (offsetResetPolicy latest, KEDA's
 *   default);
 * - unless `allowIdleConsumers`, the metric is capped so that it never asks for more replicas than
 *   partitions; `limitToPartitionsWithLag` caps at the partitions that have lag instead. KEDA tests
 *   `totalLag / lagThreshold > bound` in integer division, so a lag just under (bound + 1) ×
 *   lagThreshold passes uncapped and the HPA may ask for one replica more than the bound — kept;
 * - every `pollingInterval` it checks activation (total lag > `activationLagThreshold`): an active
 *   trigger at 0 replicas scales to max(1, minReplicaCount); an inactive one with minReplicaCount 0
 *   scales to 0 once `cooldownPeriod` has passed since it was last active (never active: at once,
 *   KEDA's initialCooldownPeriod 0). Between 1 and maxReplicaCount the HPA decides.
 *
 * The HPA's behaviour (kubernetes pkg/controller/podautoscaler, defaults in
 * pkg/apis/autoscaling/v2/defaults.go), every `horizontal-pod-autoscaler-sync-period`:
 * - an external metric with an AverageValue target: desired = ceil(metric / lagThreshold), unless
 *   metric / (lagThreshold × replicas) is within the tolerance (0.1) of 1, which keeps the count;
 * - stabilization: scale up to the lowest recommendation of the scale-up window (0 s: the current
 *   one), scale down only to the highest of the last `stabilizationWindowSeconds` (300 s); the
 *   window starts with the replica count at the HPA's first sync;
 * - rate limits: up by at most max(4 pods, 100 %) per 15 s, down by up to 100 % per 15 s; always
 *   within [max(1, minReplicaCount), maxReplicaCount]; at 0 replicas the HPA does nothing.
 *
 * QueueLab's simplifications: a new pod's consumer starts `podStartup` seconds after the scale
 * decision (scheduling, image pull, JVM start: an assumption, not a measurement) and counts as a
 * replica meanwhile, as Kubernetes counts a pending pod; pods are numbered like a StatefulSet's —
 * a scale-up reuses the lowest free number, a scale-down deletes starting pods first, then the
 * highest-numbered running consumers (a Deployment deletes the newest pods first); a crashed
 * consumer still counts as a replica (its pod exists) and is never chosen for deletion. The
 * metric is read at the instant of each sync (no metrics-server cache, no scrape delay).
 */
import type { Consumer } from './consumer.ts';
import type { ConsumerGroup } from './group.ts';
import type { AutoscalerConfig, AutoscalerStats } from './types.ts';

/** kube-controller-manager --horizontal-pod-autoscaler-tolerance. */
export const HPA_TOLERANCE = 0.1;
/** The HPA's default scale-up policies: 4 pods or 100 % per 15 s, whichever is more. */
export const SCALE_UP_PODS = 4;
export const SCALE_UP_PERCENT = 100;
export const SCALE_PERIOD_S = 15;
/** The default scale-down policy: 100 % per 15 s. */
export const SCALE_DOWN_PERCENT = 100;

interface Stamped {
  t: number;
  n: number;
}

/** Sum of `n` over the entries after `cutoff` (Kubernetes' `timestamp.After(cutoff)`). */
function since(list: readonly Stamped[], cutoff: number): number {
  let s = 0;
  for (const x of list) if (x.t > cutoff) s += x.n;
  return s;
}

export class Autoscaler {
  /** Start events of pods not running yet, oldest first. */
  private readonly starting: number[] = [];
  /** The HPA's unstabilized recommendations (its stabilization window). */
  private readonly recommendations: Stamped[] = [];
  private readonly upEvents: Stamped[] = [];
  private readonly downEvents: Stamped[] = [];
  private lastActive = -Infinity;
  private hpaStarted = false;
  /** Replicas the HPA or KEDA last set (the deployment's spec.replicas); the initial members at t = 0. */
  target: number;
  /** Last metric the HPA read: total lag as KEDA reports it (capped unless allowIdleConsumers). */
  metric = 0;
  /** What the lag asked for at the HPA's last sync, within min and max replicas (before stabilization and rate limits). */
  desired: number;
  scaleUps = 0;
  scaleDowns = 0;
  maxReplicas: number;
  private readonly metricName: string;

  constructor(
    private readonly g: ConsumerGroup,
    readonly config: AutoscalerConfig,
  ) {
    const sim = g.host.sim;
    this.target = g.config.members;
    this.desired = g.config.members;
    this.maxReplicas = g.config.members;
    this.metricName = `s0-kafka-${g.host.topic}`;
    sim.schedule(config['horizontal-pod-autoscaler-sync-period'], g.kHpaSync);
    sim.schedule(config.pollingInterval, g.kKedaPoll);
  }

  /** Pods of the deployment: consumers whose pod exists (running or crashed) and pods starting. */
  replicas(): number {
    let n = this.starting.length;
    for (const c of this.g.consumers) if (!c.deleted) n++;
    return n;
  }

  /** Pods started but whose consumer is not running yet. */
  get pending(): number {
    return this.starting.length;
  }

  /** KEDA's metric now: [total lag, capped as the scaler caps it; total lag uncapped]. */
  private lag(): [number, number] {
    const g = this.g;
    const logs = g.host.logs;
    let total = 0;
    let withLag = 0;
    for (let p = 0; p < logs.length; p++) {
      const c = g.committed[p];
      const lag = c < 0 ? 1 : Math.max(0, logs[p].logEnd - c);
      total += lag;
      if (lag > 0) withLag++;
    }
    const cfg = this.config;
    let metric = total;
    if (!cfg.allowIdleConsumers || cfg.limitToPartitionsWithLag) {
      const bound = cfg.limitToPartitionsWithLag ? withLag : logs.length;
      if (Math.floor(total / cfg.lagThreshold) > bound) metric = bound * cfg.lagThreshold;
    }
    return [metric, total];
  }

  // ─── KEDA's scale loop ─────────────────────────────────────────────────────────────────────

  /** keda-poll event: activation, and scaling from and to zero. */
  onKedaPoll(): void {
    const g = this.g;
    const sim = g.host.sim;
    const cfg = this.config;
    const [, total] = this.lag();
    const active = total > cfg.activationLagThreshold;
    const now = sim.now;
    const current = this.replicas();
    if (active) {
      this.lastActive = now;
      if (current === 0) {
        const to = Math.max(1, cfg.minReplicaCount);
        g.info('keda-operator', `Successfully updated ScaleTarget: lag ${total} > activationLagThreshold ${cfg.activationLagThreshold}, Original Replicas Count 0, New Replicas Count ${to}`);
        this.scaleTo(to);
      }
    } else if (current > 0 && cfg.minReplicaCount === 0 && this.lastActive + cfg.cooldownPeriod < now) {
      g.info('keda-operator', `Successfully set ScaleTarget replicas count to ScaledObject minReplicaCount: lag ${total} ≤ activationLagThreshold ${cfg.activationLagThreshold} for cooldownPeriod ${cfg.cooldownPeriod} s, Original Replicas Count ${current}, New Replicas Count 0`);
      this.scaleTo(0);
    }
    sim.schedule(cfg.pollingInterval, g.kKedaPoll);
  }

  // ─── the HPA ───────────────────────────────────────────────────────────────────────────────

  /** hpa-sync event: the HorizontalPodAutoscaler's reconcile. */
  onHpaSync(): void {
    const g = this.g;
    const sim = g.host.sim;
    const cfg = this.config;
    const now = sim.now;
    sim.schedule(cfg['horizontal-pod-autoscaler-sync-period'], g.kHpaSync);
    const current = this.replicas();
    // "scaling is disabled since the replica count of the target is zero": KEDA's to handle.
    if (current === 0) return;
    const [metric] = this.lag();
    this.metric = metric;
    const ratio = metric / (cfg.lagThreshold * current);
    const proposal = Math.abs(ratio - 1) <= HPA_TOLERANCE ? current : Math.ceil(metric / cfg.lagThreshold);
    this.desired = Math.min(Math.max(proposal, Math.max(1, cfg.minReplicaCount)), cfg.maxReplicaCount);
    if (!this.hpaStarted) {
      // maybeInitScaleDownStabilizationWindow: the window starts with the current count.
      this.hpaStarted = true;
      this.recommendations.push({ t: now, n: current });
    }
    // Stabilization: up to the lowest recommendation of the (0 s) scale-up window, down only to
    // the highest recommendation in the scale-down window (`stabilizationWindowSeconds`).
    let down = proposal;
    for (const r of this.recommendations) if (r.t > now - cfg.stabilizationWindowSeconds) down = Math.max(down, r.n);
    let rec = current;
    if (rec < proposal) rec = proposal;
    if (rec > down) rec = down;
    this.recommendations.push({ t: now, n: proposal });
    const keep = now - Math.max(cfg.stabilizationWindowSeconds, SCALE_PERIOD_S);
    while (this.recommendations.length > 0 && this.recommendations[0].t <= keep) this.recommendations.shift();
    // Rate limits, from the count at the start of each policy's period.
    const min = Math.max(1, cfg.minReplicaCount);
    let lo = min;
    let hi = cfg.maxReplicaCount;
    const start = current - since(this.upEvents, now - SCALE_PERIOD_S) + since(this.downEvents, now - SCALE_PERIOD_S);
    if (rec > current) {
      const upLimit = Math.max(current, Math.max(start + SCALE_UP_PODS, Math.ceil((start * (100 + SCALE_UP_PERCENT)) / 100)));
      hi = Math.min(hi, upLimit);
    } else if (rec < current) {
      const downLimit = Math.min(current, Math.floor((start * (100 - SCALE_DOWN_PERCENT)) / 100));
      lo = Math.max(lo, downLimit);
    }
    const next = Math.min(Math.max(rec, lo), hi);
    if (next === current) return;
    const why = next > current ? `external metric ${this.metricName} above target` : 'All metrics below target';
    g.info('horizontal-pod-autoscaler', `New size: ${next}; reason: ${why} (total lag ${metric}, lagThreshold ${cfg.lagThreshold}, desired ${proposal})`);
    this.scaleTo(next);
  }

  // ─── pods ──────────────────────────────────────────────────────────────────────────────────

  /** Sets the deployment to `n` replicas: starts pods, or deletes the newest. */
  private scaleTo(n: number): void {
    const g = this.g;
    const sim = g.host.sim;
    const now = sim.now;
    const current = this.replicas();
    this.target = n;
    if (n > current) {
      this.scaleUps++;
      this.upEvents.push({ t: now, n: n - current });
      for (let i = current; i < n; i++) this.starting.push(sim.schedule(this.config.podStartup, g.kPodStarted));
      this.maxReplicas = Math.max(this.maxReplicas, n);
    } else if (n < current) {
      this.scaleDowns++;
      this.downEvents.push({ t: now, n: current - n });
      let remove = current - n;
      while (remove > 0 && this.starting.length > 0) {
        sim.cancel(this.starting.pop()!);
        remove--;
      }
      for (let i = g.consumers.length - 1; i >= 0 && remove > 0; i--) {
        const c = g.consumers[i];
        if (c.deleted || !c.alive) continue;
        g.info('kubelet', `Killing container of pod ${c.name}: the consumer closes (scale-down to ${n})`);
        c.autoscaled = true;
        g.shutdown(c);
        remove--;
      }
    }
    const cut = now - SCALE_PERIOD_S;
    while (this.upEvents.length > 0 && this.upEvents[0].t <= cut) this.upEvents.shift();
    while (this.downEvents.length > 0 && this.downEvents[0].t <= cut) this.downEvents.shift();
  }

  /** pod-started event: the oldest starting pod's consumer process starts (and joins at its first poll). */
  onPodStarted(): void {
    const g = this.g;
    this.starting.shift();
    const free = g.consumers.find((c) => c.deleted && !c.alive);
    let c: Consumer;
    if (free) {
      c = free;
      c.restart();
    } else c = g.addConsumer();
    g.info('kubelet', `Started container of pod ${c.name} (podStartup ${this.config.podStartup} s)`);
    c.autoscaled = true;
  }

  stats(): AutoscalerStats {
    return {
      replicas: this.replicas(),
      starting: this.starting.length,
      target: this.target,
      desired: this.desired,
      metric: this.metric,
      minReplicaCount: this.config.minReplicaCount,
      maxReplicaCount: this.config.maxReplicaCount,
      maxReplicas: this.maxReplicas,
      scaleUps: this.scaleUps,
      scaleDowns: this.scaleDowns,
      rebalances: this.g.autoscalerRebalances,
    };
  }
}
