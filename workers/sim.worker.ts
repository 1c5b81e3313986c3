/**
 * The simulation worker: a thin comlink adapter around {@link SimRunner} (Squoosh style). The page
 * imports only `type SimWorkerApi`; snapshots go back through a `Comlink.proxy` callback with their
 * series arrays transferred, not copied. Commands answer with data (`{ ok: false, error }`), never
 * by throwing.
 */
import * as Comlink from 'comlink';
import type { Scenario } from '../src/scenario/index.ts';
import type { CommandResult, Snapshot, Speed } from './protocol.ts';
import { SimRunner } from './runner.ts';
import { workerHost } from './pacing.ts';

const host = workerHost();

let listener: ((snapshot: Snapshot) => unknown) | null = null;

const runner = new SimRunner(host, (snapshot) => {
  if (!listener) return;
  const { t, mean, max } = snapshot.series;
  try {
    // The callback is a comlink proxy: the call is a message; a closed page just rejects it.
    Promise.resolve(listener(Comlink.transfer(snapshot, [t.buffer, mean.buffer, max.buffer]))).catch(() => {});
  } catch {
    /* the page is gone */
  }
});

const api = {
  /** Registers the snapshot callback (pass `Comlink.proxy(fn)`). */
  connect(onSnapshot: (snapshot: Snapshot) => unknown): void {
    listener = onSnapshot;
  },
  /** Validates and loads a scenario; status idle at time 0. Bumps the generation. */
  load: (scenario: Scenario): CommandResult => runner.load(scenario),
  /** Runs towards `scenario.duration` at the current speed, then status 'finished'. */
  play: (): CommandResult => runner.play(),
  pause: (): CommandResult => runner.pause(),
  /** Runs exactly one event (while idle or paused). */
  step: (): CommandResult => runner.step(),
  /** Simulated seconds per wall second, or 'max'. */
  speed: (speed: Speed): CommandResult => runner.speed(speed),
  /** Back to time 0 with the same scenario and seed. Bumps the generation. */
  reset: (): CommandResult => runner.reset(),
};

export type SimWorkerApi = typeof api;

Comlink.expose(api);
