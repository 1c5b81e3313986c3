/**
 * The page's state in one place, for every model: the scenario and seed (mirrored in the URL with
 * every live fault), speed, language, the run lifecycle (the xstate run machine, whose actions are
 * worker commands), the entity in focus, the latest snapshot, and the panels of the scenario's
 * model (from the page registry). Components read it and call its methods; they never talk to the
 * worker, and nothing here branches on the model's kind.
 */
import { createActor, type Actor } from 'xstate';
import { decodeShare, decodeShareView, encodeShareHash, formatError, validateScenario, type MockRef, type PlaylistEntry, type Scenario, type ShareView, type SweepLink } from '../../scenario/index.ts';
import type { ParamSweep } from './paramSweep.svelte.ts';
import type { LiveFault, Snapshot, TraceReply } from '../../../workers/protocol.ts';
import { withLiveFaults } from '../../../workers/liveFaults.ts';
import { lessonInfo, loadedLesson, loadLesson, type ScenarioContent } from '../../content/scenarios.ts';
import { runMachine, type RunState } from '../machines/runMachine.ts';
import { defaultSpeed, speedChoices, type Speed } from '../speed.ts';
import { isLang, LANG_STORAGE_KEY, translate, type Lang, type MessageKey, type Vars } from '../i18n.ts';
import { KINDS, pageFor, type Kind, type ModelPanels, type RecordRef } from '../registry.ts';
import { DEFAULT_SCENARIO_ID, SHIPPED, scenarioShape, shippedMatch } from '../scenarios.ts';
import { SimClient } from './client.svelte.ts';
import { rawFromHash, repairScenario } from './repair.ts';
import { nearestForCut } from '../../scenario/cutlink.ts';
import { presentView, type PresentView } from '../../content/targets.ts';
import { Sweep } from './sweep.svelte.ts';
import { withOverrides, withoutFix, type Variant } from './variant.ts';
import { scaled, SeedScales, type ScaleName } from './scale.svelte.ts';

/** Picker key of a scenario opened from a link (or edited in Settings) that is not a shipped one. */
export const LINK_KEY = 'link';
/** Picker key of a kind's blank start. */
export const blankKey = (kind: Kind): string => `custom:${kind}`;

/**
 * Compare view: a second run (B) of the same model on the same seed, beside the scenario (A).
 * `fix`: B is A with its lesson's fix and follows A's changes; `other`: any scenario of the model.
 */
export interface CompareState {
  mode: 'fix' | 'other';
  b: Scenario;
}

/** A teacher's playlist: shipped scenarios (alone, with the fix, or compared with it) and the one shown. */
export interface Playlist {
  entries: PlaylistEntry[];
  at: number;
}

/** The lesson's steps, in reading order (`fix` only when the lesson has one). */
export const LESSON_STEPS = ['story', 'watch', 'why', 'fix'] as const;
export type LessonStep = (typeof LESSON_STEPS)[number];

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(LANG_STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    /* storage may be unavailable */
  }
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Interview mode: the question open, and the mock interview it belongs to. */
export interface QuestionRef {
  id: string;
  mock: MockRef | null;
}

/** The runs an interview question answers with (null for one that needs a model not built yet). */
export interface QuestionRunSpec {
  scenario: Scenario;
  vs: 'fix' | Scenario | null;
}

interface CommitOptions {
  /** Interview mode: this commit opens a question (any other commit of another lesson closes it). */
  question?: boolean;
  /** Compare view for the new scenario (see {@link Playground.commit}); left out: kept for the same lesson. */
  vs?: 'fix' | Scenario | null;
  /** Keep the chosen speed (else the scenario's default). */
  keepSpeed?: boolean;
  /** A history entry of its own (default), or replace the current one (opening a link). */
  push?: boolean;
}

export class Playground {
  lang = $state<Lang>(initialLang());
  /** The scenario being simulated (validated; seed included). */
  scenario = $state.raw<Scenario>(SHIPPED.find((s) => s.id === DEFAULT_SCENARIO_ID) ?? SHIPPED[0] ?? pageFor(KINDS[0]).blank());
  /** A scenario from a link or the settings panel that is not a shipped one. */
  linked = $state.raw<Scenario | null>(null);
  speed = $state<Speed>('max');
  status = $state<RunState>('idle');
  error = $state<string | null>(null);
  /** Errors of a share link that could not be opened as it was (shown until dismissed). */
  linkErrors = $state.raw<string[] | null>(null);
  /** Why the last live fault was refused (cleared by the next one). */
  faultError = $state<string | null>(null);
  /** The entity (consumer group…) the topology and the per-entity charts follow. */
  focus = $state(0);
  /** The open tool tab under the lesson (live faults, a model tab such as the event log, `wrho`), or null when they are folded away. */
  tool = $state<string | null>(null);
  /** The lesson step shown; a new scenario starts at the story, the fix and Settings keep it. */
  lessonStep = $state<LessonStep>('story');
  /** The step was chosen by the reader since the scenario opened (then Play does not move it). */
  #stepChosen = false;
  /**
   * Presenter mode pages a lesson step too long for the column at its large type (Lesson.svelte
   * measures the pages): the page shown (−1 = the step's last, once measured) and how many it has.
   */
  lessonPage = $state(0);
  lessonPages = $state(1);
  settingsOpen = $state(false);
  /** The settings panel edits compare view's B run instead of the scenario. */
  settingsForB = $state(false);
  /** Compare view, or null. */
  compare = $state.raw<CompareState | null>(null);
  /** Why compare view's B run failed (its own error; A runs on). */
  compareError = $state<string | null>(null);
  /** The playlist the page steps through, or null. */
  playlist = $state.raw<Playlist | null>(null);
  #presenter = $state(false);
  /**
   * Presenter mode: large type, high contrast, the lesson and only the panels it is about. It
   * starts with the tools folded away (a Watch bullet opens the one it points at).
   */
  get presenter(): boolean {
    return this.#presenter;
  }
  set presenter(on: boolean) {
    if (on === this.#presenter) return;
    this.#presenter = on;
    this.presentFocus = null;
    if (on) this.tool = null;
  }
  /** The targets of the Watch bullet last activated in presenter mode: their panels are shown first (presentView). */
  presentFocus = $state.raw<readonly string[] | null>(null);
  /** The playlist maker dialog is open. */
  playlistMakerOpen = $state(false);
  /** Interview mode: the question shown in the lesson column (src/app/interview), or null. */
  question = $state.raw<QuestionRef | null>(null);
  /** The interview's question list is open. */
  interviewListOpen = $state(false);
  /** The runs of the open question, as it opened them. */
  #questionRun = $state.raw<QuestionRunSpec | null>(null);
  /** The panels of the current scenario's model; null while its chunk loads. */
  panels = $state.raw<ModelPanels | null>(null);
  panelsError = $state<string | null>(null);
  /** Compare view's B run of another model (a queue against a log): that model's panels, loaded for it. */
  #panelsOther = $state.raw<{ kind: Kind; panels: ModelPanels } | null>(null);
  /** "Sweep ρ" for the latency-vs-utilisation chart (worker pool). */
  readonly sweep = new Sweep(
    () => this.scenario,
    () => this.panels?.sweep ?? null,
    () => this.focus,
  );

  /**
   * The sweep of a setting (the "Sweep" tool, a chunk of its own: created when the tool first
   * opens). It lives here, not in the tool, so closing the tab keeps its points.
   */
  paramSweep = $state.raw<ParamSweep | null>(null);
  /** A sweep a link asked for, for the tool to start once it has loaded; null when none is waiting. */
  sweepRequest = $state.raw<SweepLink | null>(null);

  readonly shipped: readonly Scenario[] = SHIPPED;
  readonly kinds: readonly Kind[] = KINDS;
  /** Reactive, so that readers of `snapshot` before `start()` update once the worker exists. */
  #client = $state.raw<SimClient | null>(null);
  /** The second worker, for compare view's B run (created when compare view opens, ended when it closes). */
  #clientB = $state.raw<SimClient | null>(null);
  #actor: Actor<typeof runMachine> | null = null;
  #lastHash = '';
  #liveWritten = 0;
  #panelsKind: Kind | null = null;

  get snapshot(): Snapshot | null {
    return this.#client?.snapshot ?? null;
  }

  /** The model's view of the run (its shape is the model's own), or null. */
  get data(): unknown {
    return this.#dataOf(this.snapshot);
  }

  /**
   * The same for the charts: each snapshot reaches them a task before `data` (see SimClient), so
   * that applying a snapshot is two shorter tasks, not one long one. A model's panels may draw some
   * of their charts from this and the rest from `data`.
   */
  get chartData(): unknown {
    return this.#dataOf(this.#client?.charts ?? null);
  }

  /** A snapshot's data when it is of the scenario's model (a snapshot of the model before a switch is not). */
  #dataOf(s: Snapshot | null): unknown {
    return s && s.kind === this.scenario.model ? s.data : null;
  }

  /** Compare view's B run: its latest snapshot, and the model's view of it. */
  get snapshotB(): Snapshot | null {
    return this.compare ? (this.#clientB?.snapshot ?? null) : null;
  }
  get dataB(): unknown {
    const s = this.snapshotB;
    return s && s.kind === this.compare?.b.model ? s.data : null;
  }

  /** The panels of compare view's B run: A's own, or those of B's model when B is another model. */
  get panelsB(): ModelPanels | null {
    const b = this.compare?.b;
    if (!b) return null;
    if (b.model === this.scenario.model) return this.panels;
    const o = this.#panelsOther;
    return o && o.kind === b.model ? o.panels : null;
  }

  /** Key of the picker option showing the current scenario. */
  scenarioKey = $derived.by((): string => {
    const s = this.scenario;
    if (scenarioShape(s) === scenarioShape(pageFor(s.model).blank())) return blankKey(s.model);
    return shippedMatch(s, this.shipped)?.id ?? (this.#isSeedScale(s) ? s.id : LINK_KEY);
  });

  /** The seed-scale variants of log-broker stories (src/content/seed-scale.ts), loaded when their story is shown. */
  readonly scales = new SeedScales();
  /** The scenario against its lesson: the scale it is shown at (null: its story has one) and how it differs. */
  #scaled = $derived(scaled(this.scenario, this.shipped, this.scales.get(this.scenario.id), lessonInfo(this.scenario.id)?.fix ?? null));
  /** The story's scale shown: compressed (the shipped scenario) or seed (the article's); null for a story with one scale. */
  scale = $derived<ScaleName | null>(this.#scaled.scale);
  /** The seed-scale variant shown, with its lesson. */
  #seedShown = $derived(this.scale === 'seed' ? this.scales.get(this.scenario.id) : null);

  /** The lesson's index entry (titles, picker line, tags, fix overrides): there at once (at seed scale, the variant's). */
  info = $derived(this.#seedShown?.content ?? lessonInfo(this.scenario.id) ?? null);
  /** The last lesson whose sections were loaded (another scenario's while the current one's load). */
  #lesson = $state.raw<ScenarioContent | null>(null);
  /** The current scenario's whole lesson; null while its sections load, or when it has none. */
  lesson = $derived(this.#seedShown?.content ?? (this.#lesson?.id === this.scenario.id ? this.#lesson : null));
  /** Why the current lesson's sections could not be loaded. */
  lessonError = $state<string | null>(null);
  speeds = $derived(speedChoices(this.scenario.duration));

  /** The scenario the share link carries: scenario + live faults so far. */
  shareScenario = $derived(withLiveFaults(this.scenario, this.#client?.live ?? []));

  t = (key: MessageKey, vars?: Vars): string => translate(this.lang, key, vars);

  /** A scenario's title as the page shows it: its lesson's, in the page's language, else its own (else its id). */
  titleOf(s: { id: string; title?: string }): string {
    const c = lessonInfo(s.id);
    return (c ? c[this.lang]?.title || c.en.title : '') || s.title || s.id;
  }

  /**
   * What a chart without data says, the same for every chart of every model: before and during a
   * run the model's invitation (`waiting`, "press Play"); after a run that ended or failed, that
   * there is nothing to draw — never "press Play" beside an error.
   */
  emptyText(waiting: string): string {
    return this.status === 'error' ? this.t('chart.stopped') : this.status === 'finished' ? this.t('chart.noData') : waiting;
  }

  /** Creates the worker and the run machine and opens the scenario in the URL (or the default). */
  start(): void {
    const client = new SimClient({
      onSnapshot: (s) => this.#onSnapshot(s),
      onFailure: (message) => this.#actor?.send({ type: 'FAILED', error: message }),
    });
    this.#client = client;
    const machine = runMachine.provide({
      actions: {
        load: (_, params: { scenario: Scenario }) => {
          void client.load(params.scenario);
          void client.speed(this.speed);
          this.#loadB();
        },
        // Compare view's B run follows A's every command (Step is A's alone: the page offers it only without compare).
        play: () => {
          void client.play();
          void this.#clientB?.play();
        },
        pause: () => {
          void client.pause();
          void this.#clientB?.pause();
        },
        step: ({ event }) => void client.step(event.type === 'STEP' && !!event.next),
        reset: () => {
          this.compareError = null;
          void client.reset();
          void this.#clientB?.reset();
        },
        // The timeline moves both runs of compare view together (each clamped to its own length).
        seek: (_, params: { at: number }) => {
          void client.seek(params.at);
          void this.#clientB?.seek(params.at);
        },
      },
    });
    const actor = createActor(machine);
    actor.subscribe((s) => {
      const next = s.value as RunState;
      // The lesson follows the run: pressing Play on the story turns to what to watch.
      if (next === 'running' && this.status !== 'running' && this.lessonStep === 'story' && !this.#stepChosen) this.lessonStep = 'watch';
      this.status = next;
      this.error = s.context.error;
    });
    this.#actor = actor;
    actor.start();
    this.#openFromUrl();
    window.addEventListener('hashchange', this.#onHashChange);
    window.addEventListener('popstate', this.#onHashChange);
  }

  destroy(): void {
    window.removeEventListener('hashchange', this.#onHashChange);
    window.removeEventListener('popstate', this.#onHashChange);
    this.#actor?.stop();
    this.#client?.dispose();
    this.#clientB?.dispose();
    this.sweep.destroy();
    this.paramSweep?.destroy();
  }

  /** Loads compare view's B run into the second worker (created on first use), at A's speed. */
  #loadB(): void {
    const c = this.compare;
    if (!c) return;
    this.compareError = null;
    let b = this.#clientB;
    if (!b) {
      b = new SimClient({
        onSnapshot: (s) => {
          if (s.status === 'error') this.compareError = s.error ?? 'unknown error';
        },
        onFailure: (message) => (this.compareError = message),
      });
      this.#clientB = b;
    }
    void b.load(c.b);
    void b.speed(this.speed);
  }

  #onSnapshot(s: Snapshot): void {
    if (s.status === 'finished') this.#actor?.send({ type: 'FINISHED' });
    else if (s.status === 'error') this.#actor?.send({ type: 'FAILED', error: s.error ?? 'unknown error' });
    // The URL follows the fault timeline.
    if (s.live.length !== this.#liveWritten) {
      this.#liveWritten = s.live.length;
      this.#writeUrl(this.shareScenario);
    }
  }

  #onHashChange = (): void => {
    if (location.hash !== this.#lastHash) this.#openFromUrl();
  };

  /** What the link carries besides the scenario: compare view and the playlist. */
  #view(): ShareView {
    const c = this.compare;
    return { vs: c ? (c.mode === 'fix' ? 'fix' : c.b) : null, list: this.playlist, sweep: c ? null : this.#sweepShown() };
  }

  /** The sweep the link carries: the one shown, or the one a link asked for and the tool has yet to start. */
  #sweepShown(): SweepLink | null {
    return this.sweepRequest ?? this.paramSweep?.link ?? null;
  }

  /** The sweep shown changed (started, or its chart's metric): the link follows. */
  sweepChanged(): void {
    this.#writeUrl(this.shareScenario);
  }

  /**
   * The URL follows the page: `push` adds a history entry (a new scenario, compare view opened or
   * closed, another playlist entry), so Back and Forward move between them; otherwise the entry is
   * replaced (the fault timeline growing while a run progresses). A playlist entry shown as it is
   * needs no scenario in the link.
   */
  #writeUrl(s: Scenario, push = false): void {
    const q = this.question;
    if (q && (this.#questionRun === null || this.questionRunShown)) {
      // A question's link names the question; its runs follow from it.
      this.#setHash(encodeShareHash(null, q.mock ? { mock: q.mock } : { q: q.id }), push);
      return;
    }
    const pl = this.playlist;
    const entry = pl ? this.#entryScenario(pl.entries[pl.at]) : null;
    const asEntry = !!entry && scenarioShape(entry.scenario) === scenarioShape(s) && entry.scenario.seed === s.seed && this.#compareMatches(entry);
    this.#setHash(encodeShareHash(asEntry ? null : s, asEntry ? { list: pl, sweep: this.#sweepShown() } : this.#view()), push);
  }

  #setHash(hash: string, push: boolean): void {
    if (hash === this.#lastHash) return;
    this.#lastHash = hash;
    const url = `${location.pathname}${location.search}${hash}`;
    if (push && this.#started) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
  }

  /** The page has shown its first scenario: later changes push history entries. */
  #started = false;

  /** Opens the scenario in the URL hash; a bad link opens its nearest valid state (or the default) and says what was wrong. */
  #openFromUrl(): void {
    this.#lastHash = location.hash;
    const v = location.hash.length > 1 ? decodeShareView(location.href) : null;
    const view: ShareView = v?.ok ? v.view : {};
    this.playlist = view.list ?? null;
    if (view.q || view.mock) {
      this.linkErrors = null;
      this.#openQuestionLink(view.q ?? null, view.mock ?? null);
      return;
    }
    this.question = null;
    this.#questionRun = null;
    if (v?.ok && !v.hasScenario && view.list) {
      // A playlist shown at one of its entries, as the entry is.
      this.linkErrors = null;
      this.#openEntry(view.list.at, false);
      this.#requestSweep(view.sweep ?? null);
      return;
    }
    const viewErrors = v && !v.ok ? v.errors.map(formatError) : [];
    if (viewErrors.length > 0 && !/^#v\d/.test(location.hash)) {
      // A playlist (or compare) link without a scenario of its own, whose list is wrong.
      this.linkErrors = viewErrors;
      this.#commit(this.#default(), { vs: null, push: false });
      return;
    }
    if (location.hash.length > 1) {
      const r = decodeShare(location.href);
      if (r.ok) {
        this.linkErrors = viewErrors.length > 0 ? viewErrors : null;
        this.#commitLinked(r.scenario, { vs: view.vs ?? null, push: false });
        this.#requestSweep(view.sweep ?? null);
        return;
      }
      const raw = rawFromHash(location.hash);
      const kind = raw && KINDS.includes(raw.model as Kind) ? (raw.model as Kind) : null;
      if (raw && kind) {
        const base = this.shipped.find((x) => x.id === raw.id && x.model === kind) ?? pageFor(kind).blank();
        const fixed = repairScenario(raw, base);
        if (fixed) {
          this.linkErrors = fixed.errors.length > 0 ? fixed.errors : r.errors.map(formatError);
          this.#commitLinked(fixed.scenario, { vs: null, push: false });
          return;
        }
      }
      this.linkErrors = r.errors.map(formatError);
      // Perhaps cut short: what its start still names (the worker decodes it) picks the nearest
      // scenario of its kind, not the default of another.
      const hash = location.hash;
      const errors = this.linkErrors;
      void (this.#client?.cutLinkStart(hash) ?? Promise.resolve(null)).then((cut) => {
        if (location.hash !== hash) return;
        if (cut && KINDS.includes(cut.model as Kind)) {
          this.linkErrors = [...errors, `link: cut short; its start names a ${cut.model} scenario${cut.id ? ` "${cut.id}"` : ''}`];
          this.#commit(nearestForCut(cut, this.shipped, this.#default(), (k) => pageFor(k).blank()), { vs: null, push: false });
        } else this.#commit(this.#default(), { vs: null, push: false });
      });
      return;
    }
    this.#commit(this.#default(), { vs: null, push: false });
  }

  /** A link's sweep: the Sweep tool opens (its chunk loads) and runs it. */
  #requestSweep(w: SweepLink | null): void {
    if (!w) return;
    this.sweepRequest = w;
    this.tool = 'sweep';
    this.#writeUrl(this.shareScenario);
  }

  /** Opens a `#q=` or `#mock=` link: the interview chunk (loaded now) knows the questions. */
  #openQuestionLink(q: string | null, mock: MockRef | null): void {
    const hash = location.hash;
    const fail = (error: string): void => {
      this.linkErrors = [error];
      this.question = null;
      this.#commit(this.#default(), { vs: null, push: false });
    };
    import('../interview/questions.ts')
      .then((m) => {
        if (location.hash !== hash) return;
        const r = m.resolveLink(q, mock, this.shipped);
        if (r.ok) this.openQuestion({ id: r.id, mock: r.mock }, r.run, false);
        else fail(r.error);
      })
      .catch((e: unknown) => {
        if (location.hash === hash) fail(`q: the interview questions could not be loaded: ${errorText(e)}`);
      });
  }

  /**
   * Interview mode: shows question `ref` in the lesson column and loads its runs (`run`: the
   * scenario and compare view it answers with; null keeps the scenario shown). Another lesson
   * opened later closes the question.
   */
  openQuestion(ref: QuestionRef, run: QuestionRunSpec | null, push = true): void {
    this.playlist = null;
    this.interviewListOpen = false;
    this.question = ref;
    this.#questionRun = run;
    if (run) this.#commitLinked(run.scenario, { vs: run.vs, push, question: true });
    else {
      if (!this.#started) this.#commit(this.#default(), { vs: null, push: false, question: true });
      this.#writeUrl(this.scenario, push);
    }
  }

  /** Leaves interview mode; the run shown stays. */
  closeQuestion(): void {
    if (!this.question) return;
    this.question = null;
    this.#questionRun = null;
    this.#writeUrl(this.scenario, true);
  }

  /** The open question's runs are what the page runs (no setting, seed or compare view changed since). */
  get questionRunShown(): boolean {
    const r = this.#questionRun;
    if (!r) return false;
    const s = this.scenario;
    if (scenarioShape(s) !== scenarioShape(r.scenario) || s.seed !== r.scenario.seed) return false;
    const c = this.compare;
    if (r.vs === null) return c === null;
    if (r.vs === 'fix') return c?.mode === 'fix';
    return c?.mode === 'other' && scenarioShape(c.b) === scenarioShape(r.vs) && c.b.seed === s.seed;
  }

  /** Loads the open question's runs again (after a setting, the seed or compare view changed them). */
  restoreQuestionRun(): void {
    const r = this.#questionRun;
    if (r) this.#commitLinked(r.scenario, { vs: r.vs, question: true });
  }

  #default(): Scenario {
    return this.shipped.find((s) => s.id === DEFAULT_SCENARIO_ID) ?? this.shipped[0] ?? pageFor(KINDS[0]).blank();
  }

  #commitLinked(s: Scenario, opts: CommitOptions = {}): void {
    const known = shippedMatch(s, this.shipped) || this.#isSeedScale(s) || scenarioShape(s) === scenarioShape(pageFor(s.model).blank());
    this.linked = known ? null : s;
    this.#commit(s, opts);
  }

  /** Loads the panels of `kind` (once per kind change). */
  #loadPanels(kind: Kind): void {
    if (this.#panelsKind === kind) return;
    this.#panelsKind = kind;
    this.panels = null;
    this.panelsError = null;
    pageFor(kind)
      .panels()
      .then((p) => {
        if (this.#panelsKind === kind) this.panels = p as ModelPanels;
      })
      .catch((e: unknown) => {
        if (this.#panelsKind === kind) this.panelsError = errorText(e);
      });
  }

  /** Loads the panels of compare view's B run when B is of another model than A. */
  #loadOtherPanels(kind: Kind): void {
    if (this.#panelsOther?.kind === kind) return;
    pageFor(kind)
      .panels()
      .then((p) => {
        if (this.compare?.b.model === kind) this.#panelsOther = { kind, panels: p as ModelPanels };
      })
      .catch((e: unknown) => {
        if (this.compare?.b.model === kind) this.compareError = errorText(e);
      });
  }

  /** Loads the sections of scenario `id`'s lesson (they are shown once loaded, while it is still the current scenario). */
  #loadLesson(id: string): void {
    this.lessonError = null;
    const cached = loadedLesson(id);
    if (cached) {
      this.#lesson = cached;
      return;
    }
    loadLesson(id)
      ?.then((c) => {
        if (this.scenario.id === id) this.#lesson = c;
      })
      .catch((e: unknown) => {
        if (this.scenario.id === id) this.lessonError = errorText(e);
      });
  }

  /**
   * Makes `scenario` current: panels, lesson, URL, speed, and a fresh run (LOAD). Compare view:
   * `opts.vs` sets it (null closes it); left out, it stays for the same lesson — B follows A's
   * changes when it is A's fix, keeps A's seed otherwise — and closes for another lesson.
   */
  #commit(scenario: Scenario, opts: CommitOptions = {}): void {
    if (this.scenario !== scenario) {
      this.sweep.clear();
      // A sweep's points are the old scenario's; a link's sweep is asked for again after its scenario commits.
      this.paramSweep?.clear();
      this.sweepRequest = null;
    }
    const kindChanged = this.scenario.model !== scenario.model;
    const lessonChanged = this.scenario.id !== scenario.id || kindChanged;
    // Another lesson starts at its story; the same one (its fix, a setting, a seed) keeps its step.
    if (lessonChanged) {
      this.lessonStep = 'story';
      this.#stepChosen = false;
      if (!opts.question) {
        this.question = null;
        this.#questionRun = null;
      }
    }
    this.#setCompare(scenario, opts.vs === undefined ? (lessonChanged || !this.compare ? null : this.compare.mode === 'fix' ? 'fix' : this.compare.b) : opts.vs);
    this.scenario = scenario;
    this.#loadPanels(scenario.model);
    this.#loadLesson(scenario.id);
    void this.scales.load(scenario.id);
    if (kindChanged && this.tool !== null && !this.#toolExists(this.tool)) this.tool = null;
    this.presentFocus = null;
    if (!opts.keepSpeed) this.speed = defaultSpeed(scenario.duration, pageFor(scenario.model).runSeconds);
    this.focus = 0; // a load starts the worker's charts on the first entity too
    this.faultError = null;
    this.#liveWritten = 0;
    this.#writeUrl(scenario, opts.push ?? true);
    this.#started = true;
    this.#actor?.send({ type: 'LOAD', scenario });
  }

  /**
   * Sets compare view for scenario `a`: B is `a` with its lesson's fix ('fix'), `vs` on `a`'s seed,
   * or none (null) — also when `a` has no fix to compare with, or `vs` is of another model. Ends
   * the second worker when compare view closes.
   */
  #setCompare(a: Scenario, vs: 'fix' | Scenario | null): void {
    let next: CompareState | null = null;
    if (vs === 'fix') {
      const sets = lessonInfo(a.id)?.fix;
      const b = sets && sets.length > 0 ? withOverrides(a, sets) : null;
      if (b) next = { mode: 'fix', b: { ...b, id: a.id } };
      else this.linkErrors = [...(this.linkErrors ?? []), `vs: "${a.id}" has no fix to compare with`];
    } else if (vs) {
      next = { mode: 'other', b: { ...vs, seed: a.seed } };
    }
    this.compare = next;
    if (next && next.b.model !== a.model) this.#loadOtherPanels(next.b.model);
    if (!next) {
      this.#clientB?.dispose();
      this.#clientB = null;
      this.compareError = null;
      this.settingsForB = false;
    }
  }

  #toolExists(id: string): boolean {
    return id === 'wrho' || id === 'sweep' || (id === 'faults' && !!this.panels?.Side) || !!this.panels?.tabs.some((t) => t.id === id);
  }

  /** Shows lesson step `step` (the reader's choice: Play no longer turns the page). */
  setStep(step: LessonStep): void {
    this.lessonStep = step;
    this.#stepChosen = true;
  }

  /** The shown lesson step has a page after (dir 1) or before (−1) the one shown. */
  hasLessonPage(dir: 1 | -1): boolean {
    const page = this.lessonPage + dir;
    return this.lessonPage >= 0 && page >= 0 && page < this.lessonPages;
  }

  /**
   * The lesson's next (dir 1) or previous (−1) page: within the step while it has one, else the
   * next step's first page or the previous step's last. False at either end of the lesson.
   */
  turnLessonPage(dir: 1 | -1): boolean {
    if (this.hasLessonPage(dir)) {
      this.lessonPage += dir;
      return true;
    }
    const steps = LESSON_STEPS.filter((s) => s !== 'fix' || !!this.info?.fix);
    const i = steps.indexOf(this.lessonStep) + dir;
    if (i < 0 || i >= steps.length) return false;
    this.setStep(steps[i]);
    this.lessonPage = dir < 0 ? -1 : 0;
    return true;
  }

  /** Opens compare view: B is the lesson's fix when there is one, else the same scenario (to change in B's settings). */
  openCompare(): void {
    this.#commit(this.scenario, { vs: this.fixedScenario && !this.variant.fixOn ? 'fix' : (this.counterpart ?? this.scenario), keepSpeed: true });
  }

  /** The shipped scenario the lesson sets beside this one (its `vs:`), when it names one. */
  get counterpart(): Scenario | null {
    const id = this.info?.vs;
    return (id && this.shipped.find((x) => x.id === id)) || null;
  }

  /** Compare view with the lesson's counterpart: the same load on another broker. */
  compareWithCounterpart(): void {
    const other = this.counterpart;
    if (other) this.#commit(this.scenario, { vs: other, keepSpeed: true });
  }

  /** Compare view with the lesson's fix. */
  compareWithFix(): void {
    const base = this.variant.fixOn ? (withoutFix(this.scenario, this.variant) ?? this.scenario) : this.scenario;
    this.#commitLinked(base, { vs: 'fix', keepSpeed: true });
  }

  /** Closes compare view; A's run goes on as it is. */
  closeCompare(): void {
    if (!this.compare) return;
    this.#setCompare(this.scenario, null);
    this.#writeUrl(this.scenario, true);
  }

  /** Validates an edited B (compare view's settings); on success both runs start over. */
  applyCompareB(raw: unknown): string[] | null {
    const r = validateScenario(raw);
    if (!r.ok) return r.errors.map(formatError);
    this.#commit(this.scenario, { vs: r.scenario, keepSpeed: true });
    return null;
  }

  /** The scenario of a playlist entry (with its fix when it says so), and whether it is compared. */
  #entryScenario(e: PlaylistEntry | undefined): { scenario: Scenario; compare: boolean } | null {
    const s = e ? this.shipped.find((x) => x.id === e.id) : undefined;
    if (!e || !s) return null;
    const fix = lessonInfo(s.id)?.fix;
    const fixed = e.mode === 'fix' && fix ? withOverrides(s, fix) : null;
    return { scenario: fixed ? { ...fixed, id: s.id } : s, compare: e.mode === 'compare' };
  }

  #compareMatches(entry: { compare: boolean }): boolean {
    return entry.compare ? this.compare?.mode === 'fix' : this.compare === null;
  }

  /** Shows playlist entry `i` (a history entry of its own when `push`). */
  #openEntry(i: number, push: boolean): void {
    const pl = this.playlist;
    if (!pl || i < 0 || i >= pl.entries.length) return;
    this.playlist = { entries: pl.entries, at: i };
    const e = this.#entryScenario(pl.entries[i]);
    if (!e) {
      this.linkErrors = [`list: entry ${i + 1} names "${pl.entries[i].id}", which is not a shipped scenario`];
      this.#commit(this.#default(), { vs: null, push });
      return;
    }
    this.#commitLinked(e.scenario, { vs: e.compare ? 'fix' : null, push });
  }

  /** The next (+1) or previous (−1) playlist entry; false at either end or without a playlist. */
  playlistStep(delta: 1 | -1): boolean {
    const pl = this.playlist;
    if (!pl) return false;
    const i = pl.at + delta;
    if (i < 0 || i >= pl.entries.length) return false;
    this.#openEntry(i, true);
    return true;
  }

  /** Shows playlist entry `i`. */
  playlistGo(i: number): void {
    if (this.playlist && i !== this.playlist.at) this.#openEntry(i, true);
  }

  /** Starts a playlist (from the playlist maker) at its first entry. */
  startPlaylist(entries: PlaylistEntry[]): void {
    if (entries.length === 0) return;
    this.playlist = { entries, at: 0 };
    this.#openEntry(0, true);
  }

  /** Leaves the playlist; the scenario shown stays. */
  closePlaylist(): void {
    this.playlist = null;
    this.#writeUrl(this.scenario, true);
  }

  selectScenario(key: string): void {
    const kind = KINDS.find((k) => blankKey(k) === key);
    if (kind) {
      this.#commit(pageFor(kind).blank());
      return;
    }
    if (key === LINK_KEY && this.linked) {
      this.#commit(this.linked);
      return;
    }
    const s = this.shipped.find((x) => x.id === key);
    if (s) this.#commit(s);
  }

  /** Shows entity i (consumer group…) in the topology and in the per-entity charts. */
  setFocus(i: number): void {
    if (i !== this.focus) this.sweep.clear(); // its points were another entity's
    this.focus = i;
    void this.#client?.focus(i);
  }

  /** New seed for the current scenario (restarts the run and updates the link). */
  setSeed(seed: number): boolean {
    if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295) return false;
    if (seed === this.scenario.seed) return true;
    this.#commitLinked({ ...this.scenario, seed });
    return true;
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    void this.#client?.speed(speed);
    void this.#clientB?.speed(speed);
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      /* not remembered, still switched */
    }
  }

  /** Validates an edited scenario (settings panel); on success it becomes the current one. */
  applyScenario(raw: unknown): string[] | null {
    const r = validateScenario(raw);
    if (!r.ok) return r.errors.map(formatError);
    this.#commitLinked(r.scenario);
    return null;
  }

  /** The scenario with its lesson's fix overrides applied (null when there is none or it does not validate). */
  fixedScenario = $derived.by((): Scenario | null => {
    const sets = this.info?.fix;
    return sets && sets.length > 0 ? withOverrides(this.scenario, sets) : null;
  });

  /**
   * In presenter mode, the panels and counters shown: those the lesson's Watch bullets name (see
   * `presentView`), else the model's; null when not presenting (everything is shown).
   */
  presentView = $derived.by((): PresentView | null => {
    if (!this.presenter || !this.panels) return null;
    const watch = this.lesson?.[this.lang].watch ?? [];
    // A bullet the presenter activated brings its panels on screen, first.
    const named = watch.map((w) => w.targets);
    return presentView(this.scenario.model, this.presentFocus ? [this.presentFocus, ...named] : named, this.panels.present);
  });

  /** Whether the main area shows panel `id` (everything outside presenter mode). */
  shows(id: string): boolean {
    return !this.presentView || this.presentView.panels.includes(id);
  }

  /** How the running scenario differs from the one its lesson describes (at the scale shown): fix on, other changes. */
  variant = $derived<Variant>(this.#scaled.variant);

  /** How `s` (e.g. the scenario a link opened) differs from its lesson's scenario. */
  variantFor(s: Scenario): Variant {
    return scaled(s, this.shipped, this.scales.get(s.id), lessonInfo(s.id)?.fix ?? null).variant;
  }

  /** `s` is a story's seed-scale variant as it ships (any seed). */
  #isSeedScale(s: Scenario): boolean {
    const v = this.scales.get(s.id);
    return !!v && v.scenario.model === s.model && scenarioShape(v.scenario) === scenarioShape(s);
  }

  /**
   * Shows the story at scale `to`: its shipped scenario or its seed-scale variant (loaded first),
   * on the same seed, with the fix when it is on; other changes are left behind.
   */
  async setScale(to: ScaleName): Promise<void> {
    const id = this.scenario.id;
    const seed = await this.scales.load(id);
    if (!seed || this.scenario.id !== id || this.scale === to) return;
    const base = to === 'seed' ? seed.scenario : this.shipped.find((x) => x.id === id && x.model === seed.scenario.model);
    if (!base) return;
    const fix = this.variant.fixOn ? lessonInfo(id)?.fix : null;
    const next = (fix && withOverrides(base, fix)) || base;
    this.#commitLinked({ ...next, id, seed: this.scenario.seed });
  }

  tryFix(): void {
    const f = this.fixedScenario;
    if (f) this.#commitLinked({ ...f, id: this.scenario.id });
  }

  /** Takes the fix back: the fields it set return to the original values; other changes stay. */
  fixOff(): void {
    const s = withoutFix(this.scenario, this.variant);
    if (s) this.#commitLinked(s);
  }

  /** Back to the scenario the lesson describes (keeping the seed): no fix, no other change. */
  restoreOrigin(): void {
    const o = this.variant.origin;
    if (o) this.#commitLinked({ ...o, seed: this.scenario.seed });
  }

  loadDefault(): void {
    this.linkErrors = null;
    this.playlist = null;
    this.#commit(this.#default(), { vs: null });
  }

  dismissLinkErrors(): void {
    this.linkErrors = null;
  }

  toggle(): void {
    this.#actor?.send({ type: 'TOGGLE' });
  }
  /** One event of the run (A's: compare view offers no Step, since two runs' events do not pair up). */
  step(next = false): void {
    if (this.compare) return;
    this.#actor?.send({ type: 'STEP', next });
  }
  reset(): void {
    this.#liveWritten = 0;
    this.#writeUrl(this.scenario);
    this.#actor?.send({ type: 'RESET' });
  }

  /** A record an event-log line names, for the follow tool to take up when it opens (then it sets this back to null). */
  followAsk = $state.raw<RecordRef | null>(null);

  /** The event log's "follow": opens the model's follow tool with `r` asked. */
  followRecord(r: RecordRef): void {
    const tab = this.panels?.follow?.tab;
    if (!tab) return;
    this.followAsk = { partition: r.partition, offset: r.offset };
    this.tool = tab;
  }

  /** "Follow one record": the run replayed up to now (or its end) with the records `request` names followed. */
  trace(request: unknown, toEnd = false): Promise<TraceReply> {
    return this.#client?.trace(request, toEnd) ?? Promise.resolve({ ok: false, error: 'the simulation worker has not started' });
  }

  /**
   * Where the run is shown: the time a seek is replaying to, else the run's clock. The timeline's
   * playhead, and the time an edit of the faults replays the edited run to.
   */
  get shownTime(): number {
    const s = this.snapshot;
    return s?.seek?.to ?? s?.simTime ?? 0;
  }

  /** The timeline: moves the run to simulated time `at` (a replay from the start when going back) and pauses there. */
  seek(at: number): void {
    this.#actor?.send({ type: 'SEEK', at });
  }

  /** The run's fault timeline: the scenario's faults and those injected live, by time (live ones flagged). */
  get faultTimeline(): { f: LiveFault; live: boolean }[] {
    const live = new Set<object>(this.#client?.live ?? []);
    const all = (this.shareScenario as { faults?: LiveFault[] }).faults ?? [];
    return all.map((f) => ({ f, live: live.has(f) }));
  }

  /**
   * The timeline's fault editor: `faults` (every fault, live ones included) become the scenario's
   * own, so the page shows it modified and its link carries them; the edited run is replayed to
   * where it was shown (a run not started stays at 0). Returns the validator's errors (each names
   * the field and its range) instead, changing nothing.
   */
  editFaults(faults: readonly LiveFault[]): string[] | null {
    if (!('faults' in this.scenario)) return [`faults: the "${this.scenario.model}" model has no fault timeline`];
    const sorted = faults.map((f, i) => ({ f, i })).sort((a, b) => a.f.at - b.f.at || a.i - b.i).map((x) => x.f);
    const r = validateScenario({ ...this.scenario, faults: sorted });
    if (!r.ok) return r.errors.map(formatError);
    const at = this.status === 'idle' && this.shownTime === 0 ? null : this.shownTime;
    const focus = this.focus;
    this.#commitLinked(r.scenario, { keepSpeed: true });
    if (focus !== 0) this.setFocus(focus);
    if (at !== null) this.seek(at);
    return null;
  }

  /** A live fault now (its `at` is set by the worker); refused ones set `faultError`. */
  async inject(fault: LiveFault): Promise<boolean> {
    const c = this.#client;
    if (!c) return false;
    const r = await c.inject(fault);
    this.faultError = r.ok ? null : r.error;
    return r.ok;
  }
}
