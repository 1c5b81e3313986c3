/**
 * The page's state in one place: the scenario and seed (mirrored in the URL as a share link), the
 * speed, the language, the run lifecycle (an xstate actor whose actions are worker commands) and
 * the latest snapshot. Components read it and call its methods; they never talk to the worker.
 */
import { createActor, type Actor } from 'xstate';
import { decodeShare, encodeShareHash, formatError, type ValidationResult } from '../scenario/index.ts';
import type { Snapshot, StationScenario as Scenario } from '../../workers/protocol.ts';
import { runMachine, type RunState } from './machines/runMachine.ts';
import { SimClient } from './simClient.svelte.ts';
import { DEFAULT_SCENARIO_ID, SHIPPED, shippedMatch } from './scenarios.ts';
import { defaultSpeed, speedChoices, type Speed } from './speed.ts';
import { isLang, LANG_STORAGE_KEY, translate, type Lang, type MessageKey, type Vars } from './i18n.ts';
import type { Scenario as AnyScenario } from '../scenario/index.ts';
import { blankKafka, CUSTOM_ID, KAFKA_SHIPPED } from './kafka/shipped.ts';
import { currentMode } from './mode.ts';

export interface AppStateOptions {
  /** Hand over to the Kafka view: with the scenario to open, or null when the URL already holds it. */
  onSwitch?(scenario: AnyScenario | null): void;
}

/** Option key of a scenario that came from a link and is not a shipped one. */
export const LINK_KEY = 'link';

export interface ScenarioOption {
  key: string;
  scenario: Scenario;
  fromLink: boolean;
}

/** A decoded link as a station scenario, or the errors (formatted) why it cannot be shown here. */
function stationOnly(r: ValidationResult): { ok: true; scenario: Scenario } | { ok: false; errors: string[] } {
  if (!r.ok) return { ok: false, errors: r.errors.map(formatError) };
  const model: string = r.scenario.model;
  if (model !== 'station') return { ok: false, errors: [`model: this page runs "station" scenarios only so far (got "${model}")`] };
  return { ok: true, scenario: r.scenario as Scenario };
}

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(LANG_STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    /* storage may be unavailable */
  }
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export class AppState {
  lang = $state<Lang>(initialLang());
  /** The scenario being simulated (validated; seed included). */
  scenario = $state.raw<Scenario>(SHIPPED[0]);
  /** A scenario opened from a link that is not one of the shipped ones. */
  linked = $state.raw<Scenario | null>(null);
  speed = $state<Speed>('max');
  status = $state<RunState>('idle');
  error = $state<string | null>(null);
  /** Errors of a share link that could not be opened (shown until dismissed). */
  linkErrors = $state.raw<string[] | null>(null);

  readonly shipped: readonly Scenario[] = SHIPPED;
  /** Kafka scenarios listed in the picker (they open the Kafka view). */
  readonly kafka: readonly { key: string; title: string }[] = [
    ...KAFKA_SHIPPED.map((s) => ({ key: `kafka:${s.id}`, title: s.title || s.id })),
    { key: `kafka:${CUSTOM_ID}`, title: 'Custom Kafka setup (blank start)' },
  ];
  #opts: AppStateOptions;

  constructor(opts: AppStateOptions = {}) {
    this.#opts = opts;
  }
  /** Reactive, so that readers of `snapshot` before `start()` update once the worker exists. */
  #client = $state.raw<SimClient | null>(null);
  #actor: Actor<typeof runMachine> | null = null;
  #lastHash = '';

  options = $derived.by((): ScenarioOption[] => {
    const opts = this.shipped.map((scenario) => ({ key: scenario.id, scenario, fromLink: false }));
    if (this.linked) opts.push({ key: LINK_KEY, scenario: this.linked, fromLink: true });
    return opts;
  });

  /** Key of the picker option showing the current scenario. */
  scenarioKey = $derived.by((): string => {
    const match = shippedMatch(this.scenario, this.shipped);
    return match ? match.id : LINK_KEY;
  });

  speeds = $derived(speedChoices(this.scenario.duration));

  get snapshot(): Snapshot | null {
    return this.#client?.snapshot ?? null;
  }

  t = (key: MessageKey, vars?: Vars): string => translate(this.lang, key, vars);

  /** Creates the worker and the run machine and opens the scenario in the URL (or the default). */
  start(): void {
    const client = new SimClient({
      onSnapshot: (s) => {
        if (s.status === 'finished') this.#actor?.send({ type: 'FINISHED' });
        else if (s.status === 'error') this.#actor?.send({ type: 'FAILED', error: s.error ?? 'unknown error' });
      },
      onFailure: (message) => this.#actor?.send({ type: 'FAILED', error: message }),
    });
    this.#client = client;
    const machine = runMachine.provide({
      actions: {
        load: (_, params: { scenario: AnyScenario }) => {
          void client.load(params.scenario as Scenario);
          void client.speed(this.speed);
        },
        play: () => void client.play(),
        pause: () => void client.pause(),
        step: () => void client.step(),
        reset: () => void client.reset(),
      },
    });
    const actor = createActor(machine);
    actor.subscribe((s) => {
      this.status = s.value as RunState;
      this.error = s.context.error;
    });
    this.#actor = actor;
    actor.start();
    this.#openFromUrl();
    window.addEventListener('hashchange', this.#onHashChange);
  }

  destroy(): void {
    window.removeEventListener('hashchange', this.#onHashChange);
    this.#actor?.stop();
    this.#client?.dispose();
  }

  #onHashChange = (): void => {
    if (location.hash !== this.#lastHash) this.#openFromUrl();
  };

  /** Opens the scenario in the URL hash; a bad link falls back to the default and lists its errors. */
  #openFromUrl(): void {
    const hash = location.hash;
    if (hash.length > 1 && currentMode() === 'kafka') {
      this.#opts.onSwitch?.(null);
      return;
    }
    if (hash.length > 1) {
      const r = stationOnly(decodeShare(location.href));
      if (r.ok) {
        this.linkErrors = null;
        this.linked = shippedMatch(r.scenario, this.shipped) ? null : r.scenario;
        this.#commit(r.scenario, defaultSpeed(r.scenario.duration));
        return;
      }
      this.linkErrors = r.errors;
    }
    this.#commit(this.#default(), defaultSpeed(this.#default().duration));
  }

  #default(): Scenario {
    return this.shipped.find((s) => s.id === DEFAULT_SCENARIO_ID) ?? this.shipped[0];
  }

  /** Makes `scenario` current: URL, speed, and a fresh run (LOAD). */
  #commit(scenario: Scenario, speed?: Speed): void {
    this.scenario = scenario;
    if (speed !== undefined) this.speed = speed;
    const hash = encodeShareHash(scenario);
    this.#lastHash = hash;
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
    this.#actor?.send({ type: 'LOAD', scenario });
  }

  selectScenario(key: string): void {
    if (key.startsWith('kafka:')) {
      const id = key.slice('kafka:'.length);
      const k = id === CUSTOM_ID ? blankKafka() : KAFKA_SHIPPED.find((s) => s.id === id);
      if (k) this.#opts.onSwitch?.(k);
      return;
    }
    const opt = this.options.find((o) => o.key === key);
    if (!opt) return;
    this.#commit(opt.scenario, defaultSpeed(opt.scenario.duration));
  }

  /** New seed for the current scenario (restarts the run and updates the link). */
  setSeed(seed: number): boolean {
    if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295) return false;
    if (seed === this.scenario.seed) return true;
    this.#commit({ ...this.scenario, seed });
    return true;
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    void this.#client?.speed(speed);
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      /* not remembered, still switched */
    }
  }

  loadDefault(): void {
    this.linkErrors = null;
    this.#commit(this.#default(), defaultSpeed(this.#default().duration));
  }

  dismissLinkErrors(): void {
    this.linkErrors = null;
  }

  toggle(): void {
    this.#actor?.send({ type: 'TOGGLE' });
  }
  step(): void {
    this.#actor?.send({ type: 'STEP' });
  }
  reset(): void {
    this.#actor?.send({ type: 'RESET' });
  }
}
