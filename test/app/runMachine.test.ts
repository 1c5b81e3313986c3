import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { runMachine } from '../../src/app/machines/runMachine.ts';
import { SHIPPED_FOR_TEST } from './fixtures.ts';

function start() {
  const calls: string[] = [];
  const loaded: unknown[] = [];
  const machine = runMachine.provide({
    actions: {
      load: (_, params: { scenario: unknown }) => {
        calls.push('load');
        loaded.push(params.scenario);
      },
      play: () => void calls.push('play'),
      pause: () => void calls.push('pause'),
      step: () => void calls.push('step'),
      reset: () => void calls.push('reset'),
      seek: (_, params: { at: number }) => void calls.push(`seek ${params.at}`),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, loaded, state: () => actor.getSnapshot().value };
}

describe('runMachine', () => {
  it('starts idle with no error', () => {
    const { actor, state } = start();
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('goes idle → running → paused → running → finished, commanding the worker on the way', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'PLAY' });
    expect(state()).toBe('running');
    actor.send({ type: 'PAUSE' });
    expect(state()).toBe('paused');
    actor.send({ type: 'PLAY' });
    expect(state()).toBe('running');
    actor.send({ type: 'FINISHED' });
    expect(state()).toBe('finished');
    expect(calls).toEqual(['play', 'pause', 'play']);
  });

  it('TOGGLE plays when idle or paused and pauses when running', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'TOGGLE' });
    expect(state()).toBe('running');
    actor.send({ type: 'TOGGLE' });
    expect(state()).toBe('paused');
    actor.send({ type: 'TOGGLE' });
    expect(state()).toBe('running');
    expect(calls).toEqual(['play', 'pause', 'play']);
  });

  it('STEP runs one event from idle or paused and leaves the run paused; it is ignored while running', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'STEP' });
    expect(state()).toBe('paused');
    actor.send({ type: 'STEP' });
    expect(state()).toBe('paused');
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'STEP' });
    expect(state()).toBe('running');
    expect(calls).toEqual(['step', 'step', 'play']);
  });

  it('a step that reaches the end finishes the run', () => {
    const { actor, state } = start();
    actor.send({ type: 'STEP' });
    actor.send({ type: 'FINISHED' });
    expect(state()).toBe('finished');
  });

  it('playing a finished run resets it first, then plays', () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'FINISHED' });
    calls.length = 0;
    actor.send({ type: 'PLAY' });
    expect(state()).toBe('running');
    expect(calls).toEqual(['reset', 'play']);
  });

  it('RESET returns to idle from running, paused and finished', () => {
    for (const setup of [['PLAY'], ['PLAY', 'PAUSE'], ['PLAY', 'FINISHED']] as const) {
      const { actor, calls, state } = start();
      for (const type of setup) actor.send({ type });
      actor.send({ type: 'RESET' });
      expect(state()).toBe('idle');
      expect(calls.at(-1)).toBe('reset');
    }
  });

  it('FAILED from any state enters error with the message; RESET leaves it and clears the message', () => {
    for (const setup of [[], ['PLAY'], ['PLAY', 'PAUSE'], ['PLAY', 'FINISHED']] as const) {
      const { actor, calls, state } = start();
      for (const type of setup) actor.send({ type });
      actor.send({ type: 'FAILED', error: 'boom' });
      expect(state()).toBe('error');
      expect(actor.getSnapshot().context.error).toBe('boom');
      actor.send({ type: 'PLAY' });
      actor.send({ type: 'STEP' });
      expect(state()).toBe('error');
      actor.send({ type: 'RESET' });
      expect(state()).toBe('idle');
      expect(actor.getSnapshot().context.error).toBeNull();
      expect(calls.at(-1)).toBe('reset');
    }
  });

  it('LOAD from any state (error included) loads the scenario and goes idle', () => {
    const scenario = SHIPPED_FOR_TEST.mm1;
    const { actor, calls, loaded, state } = start();
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'LOAD', scenario });
    expect(state()).toBe('idle');
    actor.send({ type: 'FAILED', error: 'bad' });
    actor.send({ type: 'LOAD', scenario });
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.filter((c) => c === 'load')).toHaveLength(2);
    expect(loaded[0]).toBe(scenario);
  });

  it('SEEK pauses the run at the time sought from idle, running, paused and finished, not from error; Play then plays on', () => {
    for (const setup of [[], ['PLAY'], ['PLAY', 'PAUSE'], ['PLAY', 'FINISHED']] as const) {
      const { actor, calls, state } = start();
      for (const type of setup) actor.send({ type });
      actor.send({ type: 'SEEK', at: 42 });
      expect(state()).toBe('paused');
      expect(calls.at(-1)).toBe('seek 42');
      actor.send({ type: 'PLAY' });
      expect(state()).toBe('running');
      expect(calls.at(-1)).toBe('play');
      // A seek to the end finishes there: the worker says so.
      actor.send({ type: 'SEEK', at: 1e9 });
      actor.send({ type: 'FINISHED' });
      expect(state()).toBe('finished');
    }
    const { actor, calls, state } = start();
    actor.send({ type: 'FAILED', error: 'boom' });
    actor.send({ type: 'SEEK', at: 1 });
    expect(state()).toBe('error');
    expect(calls).toEqual([]);
  });

  it('ignores PAUSE when not running and FINISHED when finished', () => {
    const { actor, state } = start();
    const spy = vi.fn();
    actor.subscribe(spy);
    actor.send({ type: 'PAUSE' });
    expect(state()).toBe('idle');
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'FINISHED' });
    actor.send({ type: 'FINISHED' });
    expect(state()).toBe('finished');
  });
});
