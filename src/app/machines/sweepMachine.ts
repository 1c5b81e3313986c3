/**
 * The "sweep ρ" mode: idle → running → done. START launches the pool (an action the page
 * provides), DONE comes back from it; CANCEL stops it; CLEAR (a new scenario) forgets the points.
 */
import { setup } from 'xstate';

export type SweepState = 'idle' | 'running' | 'done';
export type SweepEvent = { type: 'START' } | { type: 'DONE' } | { type: 'CANCEL' } | { type: 'CLEAR' };

export const sweepMachine = setup({
  types: { events: {} as SweepEvent },
  actions: {
    start: () => {},
    cancel: () => {},
    clear: () => {},
  },
}).createMachine({
  id: 'sweep',
  initial: 'idle',
  on: { CLEAR: { target: '.idle', actions: ['cancel', 'clear'] } },
  states: {
    idle: { on: { START: { target: 'running', actions: 'start' } } },
    running: {
      on: {
        DONE: 'done',
        CANCEL: { target: 'idle', actions: 'cancel' },
      },
    },
    done: { on: { START: { target: 'running', actions: 'start' } } },
  },
});
