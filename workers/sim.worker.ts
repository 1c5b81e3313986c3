/**
 * The simulation worker: a thin comlink adapter around {@link RunHost}, for every model (Squoosh
 * style). The page imports only `type SimWorkerApi`; snapshots go back through a `Comlink.proxy`
 * callback with their typed arrays transferred, not copied. Commands answer with data
 * (`{ ok: false, error }`), never by throwing.
 */
import * as Comlink from 'comlink';
import type { CommandResult, LiveFault, Snapshot, Speed, TraceReply } from './protocol.ts';
import { RunHost } from './host.ts';
import { workerHost } from './pacing.ts';
import { cutLinkStart } from '../src/scenario/cutlink.ts';

let listener: ((snapshot: Snapshot) => unknown) | null = null;

const runner: RunHost = new RunHost(workerHost(), (snapshot) => {
  if (!listener) return;
  try {
    // The callback is a comlink proxy: the call is a message; a closed page just rejects it.
    Promise.resolve(listener(Comlink.transfer(snapshot, runner.transferables(snapshot)))).catch(() => {});
  } catch {
    /* the page is gone */
  }
});

const api = {
  /** Registers the snapshot callback (pass `Comlink.proxy(fn)`). */
  connect(onSnapshot: (snapshot: Snapshot) => unknown): void {
    listener = onSnapshot;
  },
  /** Validates and loads a scenario of any kind; status idle at time 0. Bumps the generation. */
  load: (scenario: unknown): CommandResult => runner.load(scenario),
  /** Loads and fast-forwards to simulated time `at` (paused there). */
  loadAt: (scenario: unknown, at: number): CommandResult => runner.loadAt(scenario, at),
  /** Moves the run to simulated time `at` (a replay from the start when going back) and pauses there. */
  seek: (at: number): CommandResult => runner.seek(at),
  /** Runs towards the scenario's duration at the current speed, then status 'finished'. */
  play: (): CommandResult => runner.play(),
  pause: (): CommandResult => runner.pause(),
  /** One event, or (`toNextLog`) events until the next event-log line. */
  step: (toNextLog = false): CommandResult => runner.step(toNextLog),
  /** Simulated seconds per wall second, or 'max'. */
  speed: (speed: Speed): CommandResult => runner.speed(speed),
  /** The entity (consumer group…) the per-entity charts follow. */
  focus: (i: number): CommandResult => runner.focus(i),
  /** Back to time 0 with the same scenario and seed. Bumps the generation. */
  reset: (): CommandResult => runner.reset(),
  /** A live fault now, recorded for the share link. */
  inject: (fault: LiveFault): CommandResult => runner.inject(fault),
  /** "Follow one record": a replay of the run up to now (or its end) with the records `request` names followed. */
  trace: (request: unknown, toEnd?: boolean): TraceReply => runner.trace(request, toEnd),
  /** What a share link cut short still names (its kind and id), or null. Not a run command. */
  cutLinkStart: (hash: string): { model: string; id: string | null } | null => cutLinkStart(hash),
};

export type SimWorkerApi = typeof api;

Comlink.expose(api);
