/**
 * The queue model's checks that involve several fields (validate.ts runs them after the schema):
 * settings that only one flavour has, settings whose combination a real broker refuses or that
 * would loop forever in zero time, and fault targets that must exist (consumers are named
 * `<pool>-<n>`, pools and producers by name). Every message names the field and what is allowed.
 */
import type { QueueScenario } from './schema.ts';
import { consumerCountErrors, consumerTargetError, producerErrors, producerNameErrors, producerTargetError, serviceErrors, type ScenarioError } from './checks.ts';

/** Most consumers a pool may have over a run (its count plus added). */
export const MAX_CONSUMERS_PER_POOL = 2000;

function poolErrors(s: QueueScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const q = s.queue;
  const rtt = s.timing['rtt.ms'];
  const names = new Set<string>();
  s.consumers.forEach((p, i) => {
    const at = `consumers.${i}`;
    if (names.has(p.name)) errors.push({ path: `${at}.name`, message: 'must be unique (faults and consumer names <pool>-<n> use it)', value: p.name });
    names.add(p.name);
    errors.push(...serviceErrors(p.processing.time, `${at}.processing.time`));
    if (q.type === 'sqs') {
      const wait = p.WaitTimeSeconds ?? q.ReceiveMessageWaitTimeSeconds;
      if (wait === 0 && rtt === 0) {
        const field = p.WaitTimeSeconds === null ? 'queue.ReceiveMessageWaitTimeSeconds' : `${at}.WaitTimeSeconds`;
        errors.push({
          path: 'timing.rtt.ms',
          message: `must be more than 0 when pool ${p.name} short-polls (${field} is 0): each empty ReceiveMessage would be answered in zero time and called again at once, so simulated time would stop. Set rtt.ms in (0, 60000] ms or ${field} in [1, 20] s (long polling)`,
          value: rtt,
        });
      }
      if (p.heartbeat) {
        if (p.heartbeat.every >= p.heartbeat.VisibilityTimeout) {
          errors.push({ path: `${at}.heartbeat.every`, message: `must be less than heartbeat.VisibilityTimeout (${p.heartbeat.VisibilityTimeout} s): each extension must come before the lease it extends ends`, value: p.heartbeat.every });
        } else if (p.heartbeat.every >= q.VisibilityTimeout) {
          errors.push({ path: `${at}.heartbeat.every`, message: `must be less than queue.VisibilityTimeout (${q.VisibilityTimeout} s): the first extension must come before the first lease ends`, value: p.heartbeat.every });
        }
      }
    } else if (p.heartbeat) {
      errors.push({ path: `${at}.heartbeat`, message: 'must be null for a RabbitMQ queue: ChangeMessageVisibility is SQS (RabbitMQ holds an unacked delivery until consumer_timeout)', value: p.heartbeat });
    }
  });
  return errors;
}

function rabbitErrors(s: QueueScenario): ScenarioError[] {
  const q = s.queue;
  const errors: ScenarioError[] = [];
  if (q.type !== 'rabbitmq') {
    // Publisher flow control is RabbitMQ's: an SQS producer has no routing key and is never blocked.
    s.producers.forEach((p, i) => {
      if (p.routingKey !== null) errors.push({ path: `producers.${i}.routingKey`, message: 'must be null for an SQS queue: a routing key is RabbitMQ’s (another queue on the same node)', value: p.routingKey });
      if (p.blockedTimeout !== null) errors.push({ path: `producers.${i}.blockedTimeout`, message: 'must be null for an SQS queue: only a RabbitMQ node’s resource alarm blocks a publisher', value: p.blockedTimeout });
    });
    return errors;
  }
  if (q['x-queue-type'] === 'classic' && q['x-delivery-limit'] !== null) {
    errors.push({ path: 'queue.x-delivery-limit', message: 'must be null for a classic queue: only quorum queues have a delivery limit (set x-queue-type to "quorum")', value: q['x-delivery-limit'] });
  }
  if (q['x-queue-type'] === 'quorum' && q['x-overflow'] === 'reject-publish-dlx') {
    errors.push({ path: 'queue.x-overflow', message: 'must be drop-head or reject-publish for a quorum queue: reject-publish-dlx is a classic queue’s', value: q['x-overflow'] });
  }
  if (q.node === null) {
    s.producers.forEach((p, i) => {
      if (p.routingKey !== null && p.routingKey !== q.name) {
        errors.push({ path: `producers.${i}.routingKey`, message: `must be null or "${q.name}" without queue.node: another queue’s publishers are modelled only through the node they share (add "node": {} to the queue, or set routingKey to null)`, value: p.routingKey });
      }
    });
  }
  return errors;
}

function faultErrors(s: QueueScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const pools = new Set(s.consumers.map((p) => p.name));
  const producers = new Set(s.producers.map((p) => p.name));
  const consumers = new Map(s.consumers.map((p) => [p.name, p.count] as const));
  errors.push(...consumerCountErrors(s.faults, consumers, MAX_CONSUMERS_PER_POOL, 'pool', 'count'));
  s.faults.forEach((f, i) => {
    if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
    switch (f.kind) {
      case 'add-consumer':
      case 'slow-downstream':
      case 'dependency-outage':
        if (!pools.has(f.target)) errors.push({ path: `faults.${i}.target`, message: `must be a consumer pool name: one of ${[...pools].join(', ') || '(no pools)'}`, value: f.target });
        return;
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        errors.push(...producerTargetError(f.target, producers, i));
        return;
      case 'poison':
      case 'redrive':
        return;
      default:
        errors.push(...consumerTargetError(f.target, consumers, i));
    }
  });
  return errors;
}

export function queueErrors(s: QueueScenario): ScenarioError[] {
  return [...producerErrors(s.producers, s.duration), ...producerNameErrors(s.producers), ...poolErrors(s), ...rabbitErrors(s), ...faultErrors(s)];
}
