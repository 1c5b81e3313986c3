/**
 * The one bridge to the Kafka worker (twin of SimClient): owns the Worker, wraps it with comlink
 * (importing only the worker's type), and exposes the latest fresh snapshot. Snapshots of an older
 * generation (before the last load/reset) or older than the one shown are dropped.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { KafkaWorkerApi } from '../../../workers/kafka.worker.ts';
import type { KafkaCommandResult, KafkaFault, KafkaScenario, KafkaSnapshot, Speed } from '../../../workers/kafkaProtocol.ts';

export interface KafkaClientHandlers {
  onSnapshot?(snapshot: KafkaSnapshot): void;
  onFailure?(message: string): void;
}

export class KafkaClient {
  snapshot = $state.raw<KafkaSnapshot | null>(null);
  #worker: Worker;
  #api: Remote<KafkaWorkerApi>;
  #handlers: KafkaClientHandlers;
  #minGen = 0;
  #latestGen = 0;

  constructor(handlers: KafkaClientHandlers = {}) {
    this.#handlers = handlers;
    this.#worker = new Worker(new URL('../../../workers/kafka.worker.ts', import.meta.url), { type: 'module', name: 'queuelab-kafka' });
    this.#worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.#handlers.onFailure?.(e.message || 'the simulation worker could not start');
    });
    this.#api = wrap<KafkaWorkerApi>(this.#worker);
    void this.#api.connect(proxy((s: KafkaSnapshot) => this.#receive(s))).catch((e: unknown) => this.#fail(e));
  }

  #receive(s: KafkaSnapshot): void {
    if (s.gen > this.#latestGen) this.#latestGen = s.gen;
    if (s.gen < this.#minGen) return;
    const current = this.snapshot;
    if (current && s.seq <= current.seq) return;
    this.snapshot = s;
    this.#handlers.onSnapshot?.(s);
  }

  #fail(e: unknown): void {
    this.#handlers.onFailure?.(e instanceof Error ? e.message : String(e));
  }

  #expectNewGeneration(): void {
    this.#minGen = Math.max(this.#minGen, this.#latestGen) + 1;
  }

  async #call(command: () => Promise<KafkaCommandResult>, quiet = false): Promise<KafkaCommandResult> {
    let r: KafkaCommandResult;
    try {
      r = await command();
    } catch (e) {
      r = { ok: false, gen: -1, error: e instanceof Error ? e.message : String(e) };
    }
    if (!r.ok && !quiet) this.#handlers.onFailure?.(r.error);
    return r;
  }

  load(scenario: KafkaScenario): Promise<KafkaCommandResult> {
    this.#expectNewGeneration();
    return this.#call(() => this.#api.load(scenario));
  }
  reset(): Promise<KafkaCommandResult> {
    this.#expectNewGeneration();
    return this.#call(() => this.#api.reset());
  }
  play(): Promise<KafkaCommandResult> {
    return this.#call(() => this.#api.play());
  }
  pause(): Promise<KafkaCommandResult> {
    return this.#call(() => this.#api.pause());
  }
  step(toNextLog = false): Promise<KafkaCommandResult> {
    return this.#call(() => this.#api.step(toNextLog));
  }
  speed(speed: Speed): Promise<KafkaCommandResult> {
    return this.#call(() => this.#api.speed(speed));
  }
  showGroup(i: number): Promise<KafkaCommandResult> {
    return this.#call(() => this.#api.showGroup(i), true);
  }
  /** A refused fault is reported to the caller, not as a run failure. */
  inject(fault: KafkaFault): Promise<KafkaCommandResult> {
    return this.#call(() => this.#api.inject(fault), true);
  }
  dispose(): void {
    this.#worker.terminate();
  }
}
