/**
 * The queue-broker model's public shapes: what a run reports (`QueueStats`, read by the summary,
 * the CLI and the tests) and what the page's topology draws of the broker now (`QueueTopology`).
 * The model (`queue-model.ts`) fills them; nothing here depends on the model's internals.
 *
 * Message states (conservation, checked by a property test): every message produced is, at any
 * moment, in exactly one of
 *   delayed (DelaySeconds not over) · visible (waiting for a consumer) · in flight (received and
 *   not yet deleted: leased in SQS, delivered and unacked in RabbitMQ) · retrying (RabbitMQ's wait
 *   queue) · dead-lettered (in the DLQ) · deleted (acked after processing) · expired (retention or
 *   TTL without a DLQ) · dropped (rejected or over the delivery limit without a DLQ) · parked
 *   (a replay limit stopped it going round again) · blocked (RabbitMQ: published while the node's
 *   resource alarm blocks the connection, waiting in the publisher) · unpublished (it never
 *   entered the queue: the publisher gave up waiting, or x-overflow reject-publish refused it).
 * so produced = delayed + visible + inFlight + retrying + dlqDepth + deleted + expired + dropped +
 * parked + blocked + unpublished ("produced" counts the application's publish calls).
 */
import type { Estimate } from '../../metrics/estimate.ts';

export type QueueFlavour = 'sqs' | 'rabbitmq';

/** What a consumer is doing now. */
export type ConsumerState =
  /** Waiting for messages: an SQS long poll in progress, or a RabbitMQ consumer with free prefetch and nothing delivered. */
  | 'waiting'
  /** A ReceiveMessage call (or a delivery, or an ack) on the wire. */
  | 'receiving'
  | 'processing'
  /** A GC pause: holds its messages, does nothing. */
  | 'paused'
  | 'crashed'
  /** Removed by a fault (gone for good). */
  | 'removed';

export interface ConsumerStats {
  /** `<pool>-<n>`, 1-based within its pool. */
  name: string;
  pool: number;
  state: ConsumerState;
  /** Messages it holds now: received/delivered and not yet deleted/acked (SQS: its current batch; RabbitMQ: its unacked deliveries). */
  held: number;
  /** Handler successes since the warm-up. */
  processed: number;
  /** Busy fraction (processing) since the warm-up; null before any time has passed. */
  utilization: number | null;
}

export interface PoolStats {
  name: string;
  /** Consumers alive now (not crashed, not removed). */
  alive: number;
  /** Consumers ever started in the pool (count + added). */
  total: number;
  processed: number;
  utilization: number | null;
}

/** A message on screen: in flight at a consumer, or at the head of the queue. */
export interface MessageView {
  /** `m-<seq>` (seq counts messages produced, from 1). */
  id: string;
  key: string | null;
  priority: number;
  /** ApproximateReceiveCount (SQS) / delivery count (RabbitMQ). */
  receives: number;
  /** Seconds since it was sent. */
  age: number;
  /** SQS: seconds until its lease ends (negative: ended, the delete will be refused if someone else received it since); RabbitMQ: null. */
  leaseLeft: number | null;
  poison: boolean;
}

/** RabbitMQ's node now: its memory and disk against the alarms' limits (see node.ts). */
export interface NodeView {
  /** Bytes of RAM the node uses, the watermark (vm_memory_high_watermark × RAM) and the RAM. */
  memory: number;
  limit: number;
  ram: number;
  /** The alarm in effect (publishers blocked), or null. */
  alarm: 'memory' | 'disk' | 'memory+disk' | null;
  /** Free disk and disk_free_limit, bytes (null: the disk is not modelled). */
  diskFree: number | null;
  diskLimit: number;
}

/** A publishing connection now (RabbitMQ with a node): where it publishes, and what waits on it. */
export interface PublisherView {
  name: string;
  /** The queue it publishes to (this one, or another on the node). */
  queue: string;
  own: boolean;
  /** Publishes waiting on its blocked connection. */
  waiting: number;
  /** The oldest of them has waited this long, s (0: none). */
  oldestWait: number;
}

/** The broker and its consumers as the topology draws them now (bounded: a few messages per place). */
export interface QueueTopology {
  flavour: QueueFlavour;
  queue: string;
  dlq: string | null;
  retryQueue: string | null;
  fifo: boolean;
  /** FIFO: message groups with messages, and how many of them are blocked by an in-flight message. */
  groups: { total: number; blocked: number } | null;
  /** The first few visible messages, in the order they would be handed out. */
  head: MessageView[];
  /** Per consumer (every consumer, in pool order, at most `MAX_CONSUMER_VIEWS`; the rest are summed in `consumersRest`). */
  consumers: (ConsumerStats & { messages: MessageView[] })[];
  consumersRest: { count: number; held: number; processing: number };
  /** RabbitMQ's node and its publishers (null: not modelled). */
  node: NodeView | null;
  publishers: PublisherView[] | null;
}

export const MAX_CONSUMER_VIEWS = 40;
export const MAX_MESSAGE_VIEWS = 8;

export interface QueueStats {
  flavour: QueueFlavour;
  simTime: number;
  events: number;
  /** Length of the measurement window (simTime − warmup), seconds. */
  window: number;

  // Whole-run counters (conservation holds on these at any time).
  produced: number;
  delayed: number;
  visible: number;
  inFlight: number;
  retrying: number;
  dlqDepth: number;
  deleted: number;
  expired: number;
  dropped: number;
  parked: number;
  blocked: number;
  unpublished: number;

  // Whole-run event counts.
  /** Messages moved to the DLQ (a message moved, redriven and moved again counts twice). */
  deadLettered: number;
  /** Deliveries: SQS messages returned by ReceiveMessage, RabbitMQ basic.deliver. */
  deliveries: number;
  /** Deliveries of a message that had been delivered before. */
  redeliveries: number;
  /** Handler successes; a message processed twice counts twice. */
  processed: number;
  /** Handler successes of a message that had already been processed successfully once (the duplicates an application sees). */
  duplicates: number;
  /** Failed handler attempts (transient failures, poison, outages). */
  failures: number;
  /** SQS: ReceiveMessage calls, and those that returned nothing. RabbitMQ: 0. */
  receiveCalls: number;
  emptyReceives: number;
  /** SQS: leases that ended with the message still undeleted (it became visible again). */
  leaseExpiries: number;
  /** SQS: ChangeMessageVisibility calls that extended a lease. */
  leaseExtensions: number;
  /** SQS: DeleteMessage calls refused because the message had been received again since (the receipt handle was stale). */
  staleDeletes: number;
  /** RabbitMQ: nacks/rejects, and messages requeued (nack requeue, a crashed consumer's unacked, consumer_timeout). */
  requeued: number;
  /** Consumers that crashed (poison with effect crash, faults, consumer_timeout). */
  crashes: number;
  /** Messages moved back from the DLQ by redrive faults. */
  redriven: number;
  /** RabbitMQ: publishes the queue refused (x-overflow reject-publish, -dlx), ready messages drop-head pushed out, publishes the application gave up on while blocked. */
  publishRejected: number;
  dropHead: number;
  publishTimeouts: number;
  /** RabbitMQ's node and its alarms (null: not modelled). */
  node: NodeStats | null;

  /** Messages the broker stores now: delayed + visible + in flight + retrying + DLQ (its state size). */
  stored: number;
  /** Age of the oldest message not yet deleted (delayed, visible or in flight; not the DLQ), seconds; 0 when none. */
  oldestAge: number;

  // Over the measurement window, with 95 % half-widths from batch means.
  /** Arrival rate (messages produced per second). */
  lambda: Estimate;
  /** Deletes (acks after processing) per second. */
  throughput: Estimate;
  /** Messages in the system (not yet deleted: delayed, visible, in flight, retrying), time-average. */
  L: Estimate;
  /**
   * Sent → deleted (the broker removes it: SQS DeleteMessage or RabbitMQ ack arrives), seconds,
   * per deleted message — the W of Little's law with L below (messages leaving to the DLQ, expiring
   * or dropped are not in it).
   */
  W: Estimate;
  /** Sent → first delivery to a consumer, seconds. */
  Wq: Estimate;
  /** Mean busy fraction over every consumer that was alive. */
  utilization: Estimate;
  /** Percentiles of W (relative error 0.5 %), null before any completion. */
  p50: number | null;
  p90: number | null;
  p99: number | null;
  /** Messages whose W was measured (deleted after the warm-up). */
  completedInWindow: number;

  /** Per producer: messages sent, and the W (sent → deleted) of its messages deleted since the warm-up. */
  producers: ProducerStats[];
  pools: PoolStats[];
  consumers: ConsumerStats[];
}

export interface ProducerStats {
  name: string;
  /** The priority it publishes with (the queue applies it only with x-max-priority). */
  priority: number;
  sent: number;
  W: Estimate;
  p99: number | null;
  /** With a node: how its publishes fared against the alarms (null: no node). */
  publish: PublishStats | null;
}

/** A publisher's publishes against the node's alarms, over the whole run. */
export interface PublishStats {
  /** The queue it publishes to, and whether that is this scenario's queue. */
  queue: string;
  own: boolean;
  /** Publish calls, those that reached the broker (x-overflow may still refuse them), that had to wait, that the application gave up on, and waiting now. */
  calls: number;
  sent: number;
  waited: number;
  timedOut: number;
  waiting: number;
  waitingMax: number;
  /** Seconds it had publishes waiting (its connection "blocked"). */
  blockedTime: number;
  /** What a publish call waited, s: p99 and the longest (null before any). */
  waitP99: number | null;
  waitMax: number | null;
}

/** RabbitMQ's node over the run. */
export interface NodeStats {
  ram: number;
  /** vm_memory_high_watermark × RAM, bytes. */
  limit: number;
  /** Bytes used now, and the most at a check. */
  memory: number;
  memoryMax: number;
  /** Times the memory and the disk alarm were set, and the seconds any alarm was in effect. */
  alarms: number;
  diskAlarms: number;
  alarmTime: number;
  alarm: 'memory' | 'disk' | 'memory+disk' | null;
  diskFree: number | null;
  diskLimit: number;
}

/** Chart series the model samples (bucketed over simulated time; see DownsampledSeries). */
export const QUEUE_SERIES = ['visible', 'inFlight', 'oldestAge', 'throughput', 'p99', 'dlqDepth', 'duplicates', 'stored', 'rateIn', 'memory', 'waitOwn', 'waitOther'] as const;
/** The node's memory series is in MiB (2^20 bytes), as RabbitMQ's log states its watermark. */
export const MiB = 1024 * 1024;
export type QueueSeriesName = (typeof QUEUE_SERIES)[number];
