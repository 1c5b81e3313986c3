/**
 * Where a bench workload's time goes: a child process runs the workload once more under V8's
 * sampling profiler (`--cpu-prof`, one sample every 250 µs), called through
 * {@link profiledWorkload}; each sample taken in it (and each garbage-collector sample while it
 * runs) is charged, by the source file of the function on top of the stack, to a part of the model
 * (kernel event list, random numbers, producers, fetch, processing, metrics …). Samples are counted,
 * not weighted by the wall-clock gap before them: when the machine is busy the process is
 * descheduled, the samples it missed are lost, and the gap would otherwise be charged whole to
 * whatever function it resumed in (one such 24 ms gap is a fifth of a 120 ms run). The timed runs
 * are never profiled: the profile is a separate run whose shares, not its speed, are the number.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The name of the function whose samples count: {@link profiledWorkload}. */
const PROFILED = 'profiledWorkload';

/** The child process calls its workload through this: the profile counts only the samples under it. */
export function profiledWorkload(work: () => void): void {
  work();
}

/** A part of the model and the source files (path fragments under src/) that make it. */
const PARTS: [string, RegExp][] = [
  ['kernel: event list and dispatch', /\/sim\/kernel\/(simulation|event-queue)\./],
  ['random numbers and distributions', /\/sim\/kernel\/(rng|pmath|distributions)\./],
  ['metrics: integrals, histograms, series, batch means', /\/sim\/metrics\/|\/group\/stats\.|\/station\/fifo\./],
  ['producers: arrivals, keys, partitioner, append', /\/model\/(producer-arrivals|kafka\/(keys|murmur2|rate-profile|key-index|sticky-partitioner|kafka-model))\./],
  ['consumers: poll and fetch', /\/group\/(member|consumer)\.|\/kafka\/partition-log\./],
  ['consumers: processing, commits, failures', /\/group\/(executor|failures)\./],
  ['group coordination and assignors', /\/group\/(coordinator|group|autoscaler)\.|\/assignors\//],
  ['the station model', /\/model\/station\//],
  ['the queue-broker model', /\/model\/queue\//],
  ['the cluster model', /\/model\/cluster\//],
  ['the pipeline and service models', /\/model\/(pipeline|service)\//],
];

export interface TimeShare {
  part: string;
  /** Share of the profiled run's busy time, 0..1. */
  share: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

function partOf(frame: ProfileNode['callFrame']): string {
  const key = frame.url || frame.functionName;
  for (const [part, re] of PARTS) if (re.test(key)) return part;
  return 'other (runtime, built-ins)';
}

/**
 * Runs `node <args>` with the sampling profiler on (the child must call its workload through
 * {@link profiledWorkload}); returns the workload's busy time by part, largest first.
 */
export function whereTimeGoes(args: string[]): TimeShare[] {
  const dir = mkdtempSync(join(tmpdir(), 'queuelab-profile-'));
  try {
    const r = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250', ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`profiled child failed: ${r.stderr}`);
    // The loader's worker thread writes a profile too: the one that saw the workload counts.
    for (const f of readdirSync(dir)) {
      const shares = sharesOf(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (shares) return shares;
    }
    throw new Error(`no profile ran ${PROFILED}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sharesOf(profile: { nodes: ProfileNode[]; samples: number[] }): TimeShare[] | null {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // The nodes under the workload's function, each with its part.
  const parts = new Map<number, string>();
  const mark = (n: ProfileNode): void => {
    parts.set(n.id, partOf(n.callFrame));
    for (const c of n.children ?? []) mark(byId.get(c)!);
  };
  for (const n of profile.nodes) if (n.callFrame.functionName === PROFILED) mark(n);
  if (parts.size === 0) return null;
  const gc = profile.nodes.find((n) => n.callFrame.functionName === '(garbage collector)')?.id;
  // Garbage collection counts while the workload runs: from its first sample to its last.
  const inWork = profile.samples.map((id) => parts.has(id));
  const first = inWork.indexOf(true);
  const last = inWork.lastIndexOf(true);
  const count = new Map<string, number>();
  let total = 0;
  for (let i = first; i <= last; i++) {
    const id = profile.samples[i];
    const part = parts.get(id) ?? (id === gc ? 'garbage collector' : undefined);
    if (part === undefined) continue;
    count.set(part, (count.get(part) ?? 0) + 1);
    total++;
  }
  return [...count].map(([part, n]) => ({ part, share: total > 0 ? n / total : 0 })).sort((a, b) => b.share - a.share);
}

/** One line: the parts over 2 %, largest first ("kernel 31 %, metrics 22 %, …"). */
export function formatShares(shares: TimeShare[]): string {
  const shown = shares.filter((s) => s.share >= 0.02);
  const rest = 1 - shown.reduce((a, s) => a + s.share, 0);
  return [...shown.map((s) => `${s.part} ${(100 * s.share).toFixed(0)} %`), ...(rest >= 0.005 ? [`the rest ${(100 * rest).toFixed(0)} %`] : [])].join('; ');
}
