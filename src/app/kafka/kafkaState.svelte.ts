/**
 * The Kafka view's state in one place: the scenario and seed (mirrored in the URL with every live
 * fault), speed, language, the run lifecycle (the shared xstate run machine, whose actions are
 * worker commands) and the latest snapshot. Components read it and call its methods only.
 */
import { createActor, type Actor } from 'xstate';
import { applyOverride, decodeShare, encodeShareHash, formatError, parseOverride, validateScenario } from '../../scenario/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import type { KafkaFault, KafkaScenario, KafkaSnapshot } from '../../../workers/kafkaProtocol.ts';
import { runMachine, type RunState } from '../machines/runMachine.ts';
import { defaultSpeed, speedChoices, type Speed } from '../speed.ts';
import { isLang, LANG_STORAGE_KEY, type Lang } from '../i18n.ts';
import { KafkaClient } from './kafkaClient.svelte.ts';
import { blankKafka, CUSTOM_ID, KAFKA_SHIPPED, shape } from './shipped.ts';
import { withLiveFaults } from '../../../workers/liveFaults.ts';
import { ktranslate, type KMessageKey, type KVars } from './text.ts';
import { rawFromHash, repairKafka } from './repair.ts';
import { contentFor } from './content.ts';
import { currentMode } from '../mode.ts';
import { Sweep } from './sweep.svelte.ts';

export const LINK_KEY = 'link';
/** A Kafka run takes about this many wall seconds at the default speed. */
export const KAFKA_RUN_SECONDS = 15;

export type FaultKind = 'crash' | 'restart' | 'add-consumer' | 'gc-pause' | 'slow-downstream' | 'load-spike' | 'producer-stop' | 'producer-start' | 'poison';

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(LANG_STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    /* storage may be unavailable */
  }
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export interface KafkaStateOptions {
  /** Hand over to the station view: with the scenario to open, or null when the URL already holds it. */
  onSwitch?(scenario: Scenario | null): void;
  /** Station scenarios to list in the picker. */
  stations?: readonly Scenario[];
}

export class KafkaState {
  lang = $state<Lang>(initialLang());
  scenario = $state.raw<KafkaScenario>(KAFKA_SHIPPED[0] ?? blankKafka());
  /** A scenario from a link or the settings panel that is not a shipped one. */
  linked = $state.raw<KafkaScenario | null>(null);
  speed = $state<Speed>('max');
  status = $state<RunState>('idle');
  error = $state<string | null>(null);
  linkErrors = $state.raw<string[] | null>(null);
  /** Why the last fault toggle was refused (cleared by the next one). */
  faultError = $state<string | null>(null);
  /** Consumer group shown in the topology view. */
  groupIndex = $state(0);
  tab = $state<'explain' | 'log' | 'wrho'>('explain');
  /** "Sweep ρ" for the latency-vs-utilisation chart (worker pool). */
  readonly sweep = new Sweep(() => this.scenario);
  settingsOpen = $state(false);

  readonly shipped: readonly KafkaScenario[] = KAFKA_SHIPPED;
  readonly stations: readonly Scenario[];
  #client = $state.raw<KafkaClient | null>(null);
  #actor: Actor<typeof runMachine> | null = null;
  #lastHash = '';
  #opts: KafkaStateOptions;
  #liveWritten = 0;

  constructor(opts: KafkaStateOptions = {}) {
    this.#opts = opts;
    this.stations = opts.stations ?? [];
  }

  get snapshot(): KafkaSnapshot | null {
    return this.#client?.snapshot ?? null;
  }

  get data() {
    return this.snapshot?.data ?? null;
  }

  /** Key of the picker option showing the current scenario. */
  scenarioKey = $derived.by((): string => {
    const s = shape(this.scenario);
    if (s === shape(blankKafka())) return CUSTOM_ID;
    const m = this.shipped.find((x) => shape(x) === s);
    return m ? m.id : LINK_KEY;
  });

  content = $derived(contentFor(this.scenario.id));
  speeds = $derived(speedChoices(this.scenario.duration));

  /** The scenario the share link carries: scenario + live faults so far. */
  shareScenario = $derived.by((): KafkaScenario => withLiveFaults(this.scenario, (this.snapshot?.live ?? []) as KafkaFault[]));

  t = (key: KMessageKey, vars?: KVars): string => ktranslate(this.lang, key, vars);

  start(): void {
    const client = new KafkaClient({
      onSnapshot: (s) => this.#onSnapshot(s),
      onFailure: (message) => this.#actor?.send({ type: 'FAILED', error: message }),
    });
    this.#client = client;
    const machine = runMachine.provide({
      actions: {
        load: (_, params: { scenario: Scenario }) => {
          void client.load(params.scenario as KafkaScenario);
          void client.speed(this.speed);
        },
        play: () => void client.play(),
        pause: () => void client.pause(),
        step: ({ event }) => void client.step(event.type === 'STEP' && !!event.next),
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
    this.sweep.destroy();
  }

  #onSnapshot(s: KafkaSnapshot): void {
    if (s.status === 'finished') this.#actor?.send({ type: 'FINISHED' });
    else if (s.status === 'error') this.#actor?.send({ type: 'FAILED', error: s.error ?? 'unknown error' });
    // The URL follows the fault timeline.
    if (s.live.length !== this.#liveWritten) {
      this.#liveWritten = s.live.length;
      this.#writeUrl(withLiveFaults(this.scenario, s.live as KafkaFault[]));
    }
  }

  #onHashChange = (): void => {
    if (location.hash !== this.#lastHash) this.#openFromUrl();
  };

  #writeUrl(s: KafkaScenario): void {
    const hash = encodeShareHash(s);
    this.#lastHash = hash;
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }

  #openFromUrl(): void {
    if (location.hash.length > 1 && currentMode() === 'station') {
      this.#opts.onSwitch?.(null);
      return;
    }
    if (location.hash.length > 1) {
      const r = decodeShare(location.href);
      if (r.ok && r.scenario.model === 'kafka') {
        this.linkErrors = null;
        this.#commitLinked(r.scenario as KafkaScenario);
        return;
      }
      if (r.ok) {
        this.#opts.onSwitch?.(r.scenario);
        return;
      }
      const raw = rawFromHash(location.hash);
      const base = (raw && this.shipped.find((x) => x.id === raw.id)) || this.#default();
      const fixed = raw ? repairKafka(raw, base) : null;
      if (fixed) {
        this.linkErrors = fixed.errors.length > 0 ? fixed.errors : r.errors.map(formatError);
        this.#commitLinked(fixed.scenario);
        return;
      }
      this.linkErrors = r.errors.map(formatError);
    }
    this.#commit(this.#default());
  }

  #commitLinked(s: KafkaScenario): void {
    this.linked = this.shipped.some((x) => shape(x) === shape(s)) || shape(s) === shape(blankKafka()) ? null : s;
    this.#commit(s);
  }

  /** Shows consumer group i in the topology and in the per-group charts. */
  selectGroup(i: number): void {
    this.groupIndex = i;
    void this.#client?.showGroup(i);
  }

  #default(): KafkaScenario {
    return this.shipped[0] ?? blankKafka();
  }

  #commit(scenario: KafkaScenario, keepSpeed = false): void {
    if (this.scenario !== scenario) this.sweep.clear();
    this.scenario = scenario;
    if (!keepSpeed) this.speed = defaultSpeed(scenario.duration, KAFKA_RUN_SECONDS);
    this.groupIndex = 0; // a load starts the worker's charts on the first group too
    this.faultError = null;
    this.#liveWritten = 0;
    this.#writeUrl(scenario);
    this.#actor?.send({ type: 'LOAD', scenario });
  }

  selectScenario(key: string): void {
    if (key.startsWith('station:')) {
      const st = this.stations.find((s) => `station:${s.id}` === key);
      if (st) this.#opts.onSwitch?.(st);
      return;
    }
    if (key === CUSTOM_ID) {
      this.#commit(blankKafka());
      return;
    }
    if (key === LINK_KEY && this.linked) {
      this.#commit(this.linked);
      return;
    }
    const s = this.shipped.find((x) => x.id === key);
    if (s) this.#commit(s);
  }

  setSeed(seed: number): boolean {
    if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295) return false;
    if (seed === this.scenario.seed) return true;
    this.#commitLinked({ ...this.scenario, seed });
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
      /* still switched */
    }
  }

  /** Validates an edited scenario (settings panel); on success it becomes the current one. */
  applyScenario(raw: unknown): string[] | null {
    const r = validateScenario(raw);
    if (!r.ok) return r.errors.map(formatError);
    if (r.scenario.model !== 'kafka') return ['model: must be "kafka"'];
    this.#commitLinked(r.scenario as KafkaScenario);
    return null;
  }

  /** The scenario with its explanation's `fix` overrides applied (null when there is none or it does not validate). */
  fixedScenario = $derived.by((): KafkaScenario | null => {
    const sets = this.content?.fix;
    if (!sets || sets.length === 0) return null;
    try {
      let s: unknown = structuredClone(this.scenario);
      for (const text of sets) s = applyOverride(s, parseOverride(text));
      const r = validateScenario(s);
      return r.ok && r.scenario.model === 'kafka' ? (r.scenario as KafkaScenario) : null;
    } catch {
      return null;
    }
  });

  tryFix(): void {
    const f = this.fixedScenario;
    if (f) this.#commitLinked({ ...f, id: this.scenario.id });
  }

  loadDefault(): void {
    this.linkErrors = null;
    this.#commit(this.#default());
  }

  dismissLinkErrors(): void {
    this.linkErrors = null;
  }

  toggle(): void {
    this.#actor?.send({ type: 'TOGGLE' });
  }
  step(next = false): void {
    this.#actor?.send({ type: 'STEP', next });
  }
  reset(): void {
    this.#liveWritten = 0;
    this.#writeUrl(this.scenario);
    this.#actor?.send({ type: 'RESET' });
  }

  /** A live fault on `target` (a consumer name, or a group id for add-consumer / slow-downstream). */
  async inject(kind: FaultKind, target: string): Promise<boolean> {
    const c = this.#client;
    if (!c) return false;
    let f: KafkaFault;
    switch (kind) {
      case 'crash':
        f = { at: 0, kind, target, restartAfter: null };
        break;
      case 'restart':
        f = { at: 0, kind, target };
        break;
      case 'add-consumer':
        f = { at: 0, kind, target, count: 1 };
        break;
      case 'gc-pause':
        f = { at: 0, kind, target, duration: 60 };
        break;
      case 'slow-downstream':
        f = { at: 0, kind, target, factor: 10, duration: 60 };
        break;
      case 'load-spike':
        f = { at: 0, kind, target: '*', factor: 8, duration: 120 };
        break;
      case 'producer-stop':
      case 'producer-start':
        f = { at: 0, kind, target: '*' };
        break;
      case 'poison':
        f = { at: 0, kind, partition: null, key: null, count: 1, effect: 'exception' };
        break;
    }
    const r = await c.inject(f);
    this.faultError = r.ok ? null : r.error;
    return r.ok;
  }
}
