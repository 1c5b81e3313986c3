/**
 * The run lifecycle: idle → running ⇄ paused → finished, plus error; a seek (the timeline) from
 * any state but error pauses the run at the time sought (the worker finishes it there at the end). The machine decides which
 * intents are allowed in which state and fires named actions; the page provides the action
 * implementations (worker commands) with `runMachine.provide({ actions })`, tests provide spies.
 *
 * FINISHED and FAILED come from the worker (snapshots and command results); everything else from
 * the user (buttons, keys, scenario/seed changes).
 */
import { assign, setup } from 'xstate';
import type { Scenario } from '../../scenario/index.ts';

export type RunState = 'idle' | 'running' | 'paused' | 'finished' | 'error';

export type RunEvent =
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  /** Space bar / play-pause button: PLAY or PAUSE depending on the state. */
  | { type: 'TOGGLE' }
  /** One event; `next`: until the next event-log line (models that keep an event log). */
  | { type: 'STEP'; next?: boolean }
  | { type: 'RESET' }
  /** The timeline: move the run to simulated time `at` (a replay when going back) and pause there. */
  | { type: 'SEEK'; at: number }
  /** A new scenario (or seed): load it and start over. */
  | { type: 'LOAD'; scenario: Scenario }
  | { type: 'FINISHED' }
  | { type: 'FAILED'; error: string };

export interface RunContext {
  error: string | null;
}

/** A seek: the run paused at the time sought (from every state but error). */
const seekTo = { target: 'paused', actions: { type: 'seek', params: ({ event }: { event: RunEvent }) => ({ at: event.type === 'SEEK' ? event.at : 0 }) } } as const;

export const runMachine = setup({
  types: {
    context: {} as RunContext,
    events: {} as RunEvent,
  },
  actions: {
    // Worker commands: no-ops here, provided by the page (and by tests).
    load: (_, _params: { scenario: Scenario }) => {},
    play: () => {},
    pause: () => {},
    step: () => {},
    reset: () => {},
    seek: (_, _params: { at: number }) => {},
    setError: assign({ error: (_, params: { error: string }) => params.error }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'run',
  initial: 'idle',
  context: { error: null },
  on: {
    LOAD: {
      target: '.idle',
      actions: [{ type: 'clearError' }, { type: 'load', params: ({ event }) => ({ scenario: event.scenario }) }],
    },
    FAILED: {
      target: '.error',
      actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
    },
  },
  states: {
    idle: {
      on: {
        SEEK: seekTo,
        PLAY: { target: 'running', actions: 'play' },
        TOGGLE: { target: 'running', actions: 'play' },
        STEP: { target: 'paused', actions: 'step' },
        RESET: { target: 'idle', actions: 'reset' },
        FINISHED: { target: 'finished' },
      },
    },
    running: {
      on: {
        SEEK: seekTo,
        PAUSE: { target: 'paused', actions: 'pause' },
        TOGGLE: { target: 'paused', actions: 'pause' },
        RESET: { target: 'idle', actions: 'reset' },
        FINISHED: { target: 'finished' },
      },
    },
    paused: {
      on: {
        SEEK: seekTo,
        PLAY: { target: 'running', actions: 'play' },
        TOGGLE: { target: 'running', actions: 'play' },
        STEP: { actions: 'step' },
        RESET: { target: 'idle', actions: 'reset' },
        FINISHED: { target: 'finished' },
      },
    },
    finished: {
      on: {
        SEEK: seekTo,
        // Playing a finished run starts it again from time 0.
        PLAY: { target: 'running', actions: ['reset', 'play'] },
        TOGGLE: { target: 'running', actions: ['reset', 'play'] },
        RESET: { target: 'idle', actions: 'reset' },
      },
    },
    error: {
      on: {
        RESET: { target: 'idle', actions: [{ type: 'clearError' }, 'reset'] },
      },
    },
  },
});
