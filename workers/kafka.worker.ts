/**
 * The Kafka simulation worker: a thin comlink adapter around {@link KafkaRunner}. The page imports
 * only `type KafkaWorkerApi`; snapshots go back through a `Comlink.proxy` callback with their chart
 * columns transferred, not copied. Commands answer with data, never by throwing.
 */
import * as Comlink from 'comlink';
import { snapshotBuffers } from '../src/run/kafka-snapshot.ts';
import type { KafkaCommandResult, KafkaFault, KafkaSnapshot, Speed } from './kafkaProtocol.ts';
import { KafkaRunner } from './kafkaRunner.ts';
import { workerHost } from './pacing.ts';

const host = workerHost();

let listener: ((snapshot: KafkaSnapshot) => unknown) | null = null;

const runner = new KafkaRunner(host, (snapshot) => {
  if (!listener) return;
  try {
    const buffers = snapshot.data ? snapshotBuffers(snapshot.data) : [];
    Promise.resolve(listener(Comlink.transfer(snapshot, buffers))).catch(() => {});
  } catch {
    /* the page is gone */
  }
});

const api = {
  connect(onSnapshot: (snapshot: KafkaSnapshot) => unknown): void {
    listener = onSnapshot;
  },
  load: (scenario: unknown): KafkaCommandResult => runner.load(scenario),
  /** Loads and fast-forwards to simulated time `at` (paused there). */
  loadAt: (scenario: unknown, at: number): KafkaCommandResult => runner.loadAt(scenario, at),
  play: (): KafkaCommandResult => runner.play(),
  pause: (): KafkaCommandResult => runner.pause(),
  step: (toNextLog = false): KafkaCommandResult => runner.step(toNextLog),
  speed: (speed: Speed): KafkaCommandResult => runner.speed(speed),
  showGroup: (i: number): KafkaCommandResult => runner.showGroup(i),
  reset: (): KafkaCommandResult => runner.reset(),
  inject: (fault: KafkaFault): KafkaCommandResult => runner.inject(fault),
};

export type KafkaWorkerApi = typeof api;

Comlink.expose(api);
