/**
 * The client side's resilience mechanisms, each a small state machine with no events of its own:
 *
 * - {@link backoffDelay}: AWS's "Exponential Backoff And Jitter" (Marc Brooker, 2015): the n-th
 *   retry waits d = min(cap, base·2^(n−1)); jitter "full" draws U(0, d), "equal" d/2 + U(0, d/2),
 *   "none" waits d. Backoff "none" retries at once.
 * - {@link RetryBudget}: Finagle's RetryBudget (deposit per request, withdraw per retry, deposits
 *   expire after `ttl`, a reserve of minRetriesPerSec·ttl), kept as a sliding window of `ttl`
 *   one-second buckets: a retry is allowed while retries(last ttl s) + 1 ≤
 *   minRetriesPerSec·ttl + percentCanRetry·requests(last ttl s). Finagle keeps a token bucket
 *   whose withdrawals do not expire the same way; the window is QueueLab's simplification.
 * - {@link CircuitBreaker}: Resilience4j's count-based breaker: CLOSED records the outcome of
 *   every call in a window of `slidingWindowSize` calls and opens when at least
 *   `minimumNumberOfCalls` are recorded and the failure rate is ≥ `failureRateThreshold` %; OPEN
 *   rejects every call (CallNotPermittedException) for `waitDurationInOpenState`, then HALF_OPEN
 *   lets `permittedNumberOfCallsInHalfOpenState` probes through and, once they have all answered,
 *   opens again if their failure rate is ≥ the threshold, else closes with an empty window.
 *   Outcomes of calls let through before the breaker opened, answering while it is open or
 *   half-open, are not recorded (only probes count in half-open).
 */
import { powInt } from '../../kernel/pmath.ts';
import type { Rng } from '../../kernel/rng.ts';
import type { BreakerConfig, ClientsConfig } from './config.ts';

/** Seconds before retry `n` (1 = the first retry). */
export function backoffDelay(c: ClientsConfig, n: number, rng: Rng): number {
  if (c.backoff === 'none') return 0;
  const d = Math.min(c['backoff.cap'], c['backoff.base'] * powInt(2, Math.min(n - 1, 60)));
  if (c.jitter === 'full') return d * rng.next();
  if (c.jitter === 'equal') return d / 2 + (d / 2) * rng.next();
  return d;
}

export class RetryBudget {
  private readonly deposits: Float64Array;
  private readonly withdrawals: Float64Array;
  private readonly second: Float64Array;
  /** Retries refused so far. */
  refused = 0;

  constructor(readonly spec: { percentCanRetry: number; minRetriesPerSec: number; ttl: number }) {
    this.deposits = new Float64Array(spec.ttl);
    this.withdrawals = new Float64Array(spec.ttl);
    this.second = new Float64Array(spec.ttl).fill(-1);
  }

  private bucket(now: number): number {
    const s = Math.floor(now);
    const i = s % this.spec.ttl;
    if (this.second[i] !== s) {
      this.second[i] = s;
      this.deposits[i] = 0;
      this.withdrawals[i] = 0;
    }
    return i;
  }

  /** A first attempt (a request) was made. */
  deposit(now: number): void {
    this.deposits[this.bucket(now)]++;
  }

  /** Requests and retries within the window ending now. */
  window(now: number): { requests: number; retries: number } {
    const from = Math.floor(now) - this.spec.ttl;
    let requests = 0;
    let retries = 0;
    for (let i = 0; i < this.spec.ttl; i++) {
      if (this.second[i] > from) {
        requests += this.deposits[i];
        retries += this.withdrawals[i];
      }
    }
    return { requests, retries };
  }

  /** Asks for one retry now; true (and counted) when the budget allows it. */
  tryWithdraw(now: number): boolean {
    const i = this.bucket(now);
    const w = this.window(now);
    const allowed = this.spec.minRetriesPerSec * this.spec.ttl + this.spec.percentCanRetry * w.requests;
    if (w.retries + 1 > allowed) {
      this.refused++;
      return false;
    }
    this.withdrawals[i]++;
    return true;
  }
}

export const BREAKER_CLOSED = 0;
export const BREAKER_HALF_OPEN = 1;
export const BREAKER_OPEN = 2;
export type BreakerState = typeof BREAKER_CLOSED | typeof BREAKER_HALF_OPEN | typeof BREAKER_OPEN;
export const BREAKER_STATE_NAMES = ['closed', 'half-open', 'open'] as const;

export class CircuitBreaker {
  state: BreakerState = BREAKER_CLOSED;
  /** When the open state ends (half-open from then on). */
  openUntil = 0;
  private readonly ring: Uint8Array;
  private head = 0;
  private recorded = 0;
  private failures = 0;
  /** Half-open: probes let through, and answered (and failed). */
  private probesSent = 0;
  private probesDone = 0;
  private probesFailed = 0;
  /** Transitions to open so far. */
  opened = 0;

  constructor(readonly cfg: BreakerConfig) {
    this.ring = new Uint8Array(cfg.enabled ? cfg.slidingWindowSize : 1);
  }

  /** Failure rate of the closed window, % (null below minimumNumberOfCalls). */
  failureRate(): number | null {
    const min = Math.min(this.cfg.minimumNumberOfCalls, this.cfg.slidingWindowSize);
    return this.recorded < min ? null : (100 * this.failures) / this.recorded;
  }

  /** May a call go through now? Returns 0 = no, 1 = yes, 2 = yes as a half-open probe. */
  acquire(): 0 | 1 | 2 {
    if (!this.cfg.enabled || this.state === BREAKER_CLOSED) return 1;
    if (this.state === BREAKER_OPEN) return 0;
    if (this.probesSent >= this.cfg.permittedNumberOfCallsInHalfOpenState) return 0;
    this.probesSent++;
    return 2;
  }

  /** The open state's wait is over. */
  halfOpen(): void {
    this.state = BREAKER_HALF_OPEN;
    this.probesSent = 0;
    this.probesDone = 0;
    this.probesFailed = 0;
  }

  private open(now: number): void {
    this.state = BREAKER_OPEN;
    this.openUntil = now + this.cfg.waitDurationInOpenState;
    this.opened++;
  }

  private close(): void {
    this.state = BREAKER_CLOSED;
    this.ring.fill(0);
    this.head = 0;
    this.recorded = 0;
    this.failures = 0;
  }

  /**
   * Records a call's outcome (`probe`: it was let through as a half-open probe). Returns true when
   * the state changed (the caller schedules the half-open transition of a new open state).
   */
  record(failed: boolean, probe: boolean, now: number): boolean {
    if (!this.cfg.enabled) return false;
    if (this.state === BREAKER_HALF_OPEN) {
      if (!probe) return false;
      this.probesDone++;
      if (failed) this.probesFailed++;
      if (this.probesDone < this.cfg.permittedNumberOfCallsInHalfOpenState) return false;
      if ((100 * this.probesFailed) / this.probesDone >= this.cfg.failureRateThreshold) this.open(now);
      else this.close();
      return true;
    }
    if (this.state === BREAKER_OPEN) return false;
    const n = this.cfg.slidingWindowSize;
    if (this.recorded === n) this.failures -= this.ring[this.head];
    else this.recorded++;
    this.ring[this.head] = failed ? 1 : 0;
    if (failed) this.failures++;
    this.head = (this.head + 1) % n;
    const rate = this.failureRate();
    if (rate !== null && rate >= this.cfg.failureRateThreshold) {
      this.open(now);
      return true;
    }
    return false;
  }
}
