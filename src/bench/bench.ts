/**
 * `npm run bench`: events per second and peak memory of the simulation kernel.
 *
 *   (a) one M/M/1 station (ρ = 0.9) over 1,000,000 customers;
 *   (b) 1,000 independent M/M/1 stations sharing one event list (~2,000 pending events).
 *
 * Each case runs in its own Node process (so peak RSS is its own) and repeats the workload until at
 * least one second has passed; the rate is total events ÷ total time, best of three such rounds.
 * Three implementations are timed on the same workload:
 *   baseline — the minimal hand-written loop in baseline.ts (the yardstick),
 *   kernel   — the same model through the kernel's API (kernel-mm1.ts),
 *   station  — (a) only: the full Station model with every statistic on (what `npm run sim` runs).
 * Targets: kernel ≥ 0.5 × baseline on both workloads, station ≥ 0.5 × baseline on (a).
 *
 * Then the broker model (broker.ts) with every metric on: records produced per second of wall time
 * and peak memory for (a) 12 partitions / 6 consumers / 3.6 M records and (b) 1,000 partitions /
 * 200 consumers / 6 M records. Targets (issue 16): (a) ≥ 2.5 M records/s, (b) ≥ 1 M records/s, both
 * < 200 MB. Each is followed by the same case's skeleton (broker-skeleton.ts): the same events through
 * the same kernel with counters in place of the model, the ceiling of this event structure on the
 * machine the bench runs on; and by its anatomy (brokerAnatomy): a record's events by kind, the
 * records a poll returns, and what one event per batch instead of per record would leave.
 *
 * For the station and the broker cases the bench also says where the time goes: a separate,
 * shorter run under V8's sampling profiler, its time charged to the parts of the model
 * (profile.ts). The timed runs are never profiled.
 *
 * Then the queue-broker model (queue.ts): messages per second of wall time for an SQS queue and a
 * RabbitMQ queue with 100 consumers at 10,000 messages/s (issue 14). Targets: ≥ 200 k messages/s,
 * < 400 MB.
 *
 * Then the pipeline model (pipeline.ts): items per second of wall time through a three-stage
 * pipeline (issue 15's "Done when"). Target: ≥ 300 k items/s, < 200 MB.
 *
 * Last, the playground (browser.ts): the worst main-thread long task while a heavy scenario runs
 * at top speed in headless Chromium, over several runs, and on its first load. Targets: none over
 * 50 ms in the median run, none of 1 s or more on any first load.
 * And the seed-scale stories (seed-scale.ts): the worker's CPU time, and the wall time in the page
 * at top speed. Target: ≤ 10 s.
 *
 * Any target missed: exit code 1.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { baselineMM1 } from './baseline.ts';
import { kernelMM1 } from './kernel-mm1.ts';
import { Station } from '../sim/model/station/station.ts';
import { ANATOMY_FRACTION, BROKER_CASES, anatomyLine, brokerAnatomy, runBroker } from './broker.ts';
import { runBrokerSkeleton } from './broker-skeleton.ts';
import { QUEUE_CASES, runQueue } from './queue.ts';
import { CLUSTER_CASES, runCluster } from './cluster.ts';
import { PIPELINE_CASES, runPipeline } from './pipeline.ts';
import { formatShares, profiledWorkload, whereTimeGoes } from './profile.ts';
import { formatPhases } from './trace-summary.ts';

type Impl = 'baseline' | 'kernel' | 'station';
interface CaseDef {
  id: string;
  label: string;
  stations: number;
  customers: number;
  impls: Impl[];
}

const CASES: CaseDef[] = [
  { id: 'a', label: '(a) M/M/1, 1,000,000 customers', stations: 1, customers: 1_000_000, impls: ['baseline', 'kernel', 'station'] },
  { id: 'b', label: '(b) 1,000 M/M/1 stations, one event list', stations: 1000, customers: 2_000_000, impls: ['baseline', 'kernel'] },
];

function workload(impl: Impl, c: CaseDef, seed: number): number {
  if (impl === 'baseline') return baselineMM1(c.stations, c.customers, 0.9, 1, seed).events;
  if (impl === 'kernel') return kernelMM1(c.stations, c.customers, 0.9, 1, seed).events;
  const st = new Station(
    { arrival: { rate: 0.9, shape: { type: 'exponential' }, profile: [] }, service: { type: 'exponential', mean: 1 }, servers: 1, capacity: null, warmup: 0 },
    seed,
  );
  while (st.arrivals < c.customers) st.run(st.sim.now + 10_000);
  return st.sim.events;
}

/** Child mode: time one implementation on one case, print JSON. */
function measure(impl: Impl, c: CaseDef): void {
  workload(impl, { ...c, customers: Math.min(c.customers, 200_000) }, 99); // JIT warm-up
  const rates: number[] = [];
  let seed = 1;
  for (let round = 0; round < 3; round++) {
    let events = 0;
    const t0 = performance.now();
    let elapsed = 0;
    do {
      events += workload(impl, c, seed++);
      elapsed = performance.now() - t0;
    } while (elapsed < 1000);
    rates.push(events / (elapsed / 1000));
  }
  const peakRssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ rate: Math.max(...rates), rates, peakRssMB }));
}

/** Profiled runs are this fraction of the timed workload: their shares are the number, not their speed. */
const PROFILE_FRACTION = 0.2;
/** …and a profiled run repeats its workload for at least this long (ms of wall clock). */
const PROFILE_MIN_MS = 500;

/** Child mode: runs one workload through {@link profiledWorkload}, for the profiler of {@link profileLine}. */
function profileChild(kind: string, id: string): void {
  const c = CASES.find((x) => x.id === id)!;
  const work = kind === 'station' ? () => workload('station', { ...c, customers: c.customers * PROFILE_FRACTION }, 7) : () => runBroker(id as keyof typeof BROKER_CASES, PROFILE_FRACTION);
  work(); // warm-up, so that the profile is of optimised code
  // At least half a second of samples: a station workload alone is about 50 ms, some 100 samples,
  // too few for its shares to hold still from one run to the next.
  profiledWorkload(() => {
    const t0 = performance.now();
    do work();
    while (performance.now() - t0 < PROFILE_MIN_MS);
  });
}

/** Where the time of one workload goes, from a profiled child process. */
function profileLine(kind: 'station' | 'broker', id: string): string {
  return formatShares(whereTimeGoes(['--import', 'tsx', fileURLToPath(import.meta.url), '--profile-child', kind, id]));
}

/** Runs one model workload in its own process (so that its peak RSS is its own). */
function child(flag: string, id: string): { records: number; events: number; seconds: number; peakRssMB: number } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), flag, id], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function fmtRate(r: number): string {
  return `${(r / 1e6).toFixed(2)} M/s`;
}

async function main(): Promise<void> {
  const [, , mode, impl, caseId] = process.argv;
  if (mode === '--child') {
    measure(impl as Impl, CASES.find((c) => c.id === caseId)!);
    return;
  }
  if (mode === '--profile-child') {
    profileChild(impl, caseId);
    return;
  }
  if (mode === '--broker-child' || mode === '--skeleton-child' || mode === '--queue-child' || mode === '--cluster-child' || mode === '--pipeline-child') {
    const t0 = performance.now();
    const r =
      mode === '--queue-child'
        ? runQueue(impl as keyof typeof QUEUE_CASES)
        : mode === '--cluster-child'
          ? runCluster(impl as keyof typeof CLUSTER_CASES)
          : mode === '--pipeline-child'
            ? runPipeline(impl as keyof typeof PIPELINE_CASES)
            : mode === '--skeleton-child'
              ? runBrokerSkeleton(impl as keyof typeof BROKER_CASES)
              : runBroker(impl as keyof typeof BROKER_CASES);
    const seconds = (performance.now() - t0) / 1000;
    process.stdout.write(JSON.stringify({ ...r, seconds, peakRssMB: process.resourceUsage().maxRSS / 1024 }));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  // `--broker`, `--cluster` and `--pipeline` run only that model's section.
  const onlyFlag = ({ '--broker': '--broker-child', '--cluster': '--cluster-child', '--pipeline': '--pipeline-child' } as Record<string, string>)[mode];
  const only = onlyFlag !== undefined;
  console.log(`QueueLab kernel benchmark — Node ${process.version}, ${process.arch}`);
  console.log('rate = events per second of simulated work, best of 3 rounds of ≥ 1 s; peak = max RSS of the process\n');
  let ok = true;
  for (const c of only ? [] : CASES) {
    console.log(c.label);
    const results: Partial<Record<Impl, { rate: number; peakRssMB: number }>> = {};
    for (const impl of c.impls) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', impl, c.id], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
      results[impl] = JSON.parse(r.stdout);
      const x = results[impl]!;
      const ratio = impl === 'baseline' ? '' : `  (${(x.rate / results.baseline!.rate).toFixed(2)} × baseline)`;
      console.log(`  ${impl.padEnd(9)} ${fmtRate(x.rate).padStart(11)}   peak ${x.peakRssMB.toFixed(0).padStart(4)} MB${ratio}`);
    }
    for (const impl of ['kernel', 'station'] as const) {
      if (!results[impl]) continue;
      const ratio = results[impl].rate / results.baseline!.rate;
      const pass = ratio >= 0.5;
      ok &&= pass;
      console.log(`  target ${impl} ≥ 0.5 × baseline: ${pass ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`);
    }
    if (results.station) console.log(`  where the station's time goes: ${profileLine('station', c.id)}`);
    console.log('');
  }
  const models = [
    { title: 'Broker model (Kafka)', flag: '--broker-child', cases: BROKER_CASES, unit: 'records', memory: 200 },
    { title: '\nQueue-broker model (SQS, RabbitMQ)', flag: '--queue-child', cases: QUEUE_CASES, unit: 'messages', memory: 400 },
    { title: '\nCluster model (replication, acks=all)', flag: '--cluster-child', cases: CLUSTER_CASES, unit: 'records', memory: 400 },
    { title: '\nPipeline model (three stages)', flag: '--pipeline-child', cases: PIPELINE_CASES, unit: 'records', memory: 200 },
  ];
  for (const mdl of models.filter((x) => !only || x.flag === onlyFlag)) {
    console.log(`${mdl.title}, every metric on; one run each, peak = max RSS of the process`);
    for (const [id, c] of Object.entries(mdl.cases) as [string, { label: string; target: number }][]) {
      const x = child(mdl.flag, id);
      const rate = x.records / x.seconds;
      const pass = rate >= c.target && x.peakRssMB < mdl.memory;
      ok &&= pass;
      console.log(`  ${c.label}`);
      console.log(
        `    ${(x.records / 1e6).toFixed(2)} M ${mdl.unit}, ${(x.events / 1e6).toFixed(1)} M events in ${x.seconds.toFixed(2)} s: ${fmtRate(rate).replace('M/s', `M ${mdl.unit}/s`)}, peak ${x.peakRssMB.toFixed(0)} MB — target ≥ ${c.target / 1e6} M ${mdl.unit}/s and < ${mdl.memory} MB: ${pass ? 'met' : 'NOT met'}`,
      );
      if (mdl.flag !== '--broker-child') continue;
      console.log(`    where the time goes: ${profileLine('broker', id)}`);
      const k = child('--skeleton-child', id);
      console.log(
        `    the same events without the model (broker-skeleton.ts), the ceiling of this event structure here: ${(k.events / k.records).toFixed(2)} events per record, ${fmtRate(k.records / k.seconds).replace('M/s', 'M records/s')}; the model runs at ${((100 * rate) / (k.records / k.seconds)).toFixed(0)} % of it`,
      );
      console.log(`    ${anatomyLine(brokerAnatomy(id as keyof typeof BROKER_CASES, ANATOMY_FRACTION))}`);
    }
  }
  if (only) {
    if (!ok) process.exitCode = 1;
    return;
  }
  console.log('\nPlayground responsiveness (production build, headless Chromium, 1280×720)');
  // Imported here, not at the top: the measuring child processes must not carry playwright-core.
  const { browserBench } = await import('./browser.ts');
  const b = await browserBench();
  if (!b) console.log('  skipped: /usr/bin/chromium is not installed (npm test installs it)');
  else {
    const worstOf = (xs: number[]): number => (xs.length ? Math.max(...xs) : 0);
    const worst = b.runs.map((r) => worstOf(r.longTasks)).sort((x, y) => x - y);
    const median = worst[Math.floor(worst.length / 2)];
    const pass = median <= 50;
    ok &&= pass;
    const loads = b.runs.map((r) => worstOf(r.loadTasks)).sort((x, y) => x - y);
    const loadPass = loads[loads.length - 1] < 1000;
    ok &&= loadPass;
    console.log(`  first load of ${b.scenario}, ${b.runs.length} fresh pages: worst main-thread task per load ${loads.map((w) => w.toFixed(0)).join(', ')} ms — target under 1 s in every load: ${loadPass ? 'met' : 'NOT met'}`);
    const wall = b.runs.map((r) => r.wallMs).sort((x, y) => x - y)[Math.floor(b.runs.length / 2)];
    console.log(
      `  ${b.scenario} as fast as possible, ${b.runs.length} runs: median ${(wall / 1000).toFixed(1)} s; worst main-thread task per run (0 = none over 50 ms): ${worst.map((w) => w.toFixed(0)).join(', ')} ms — target none over 50 ms in the median run: ${pass ? 'met' : 'NOT met'}`,
    );
    const t = b.trace;
    console.log(
      `    where the main thread's time goes (one more run, traced): ${t.taskCpuMs.toFixed(0)} ms of CPU in tasks (${formatPhases(t.phases)})` +
        (t.worst
          ? `; its longest task took ${t.worst.wallMs.toFixed(0)} ms on the wall clock, ${t.worst.cpuMs.toFixed(0)} ms of them on the main thread's CPU (${formatPhases(t.worst.phases)}), the rest off the CPU`
          : ''),
    );
  }
  // The seed-scale stories: the build browserBench made is current.
  const { seedScaleBench, seedScaleCpu, printSeedScaleBench } = await import('./seed-scale.ts');
  ok = printSeedScaleBench(await seedScaleBench({ build: false }), seedScaleCpu()) && ok;
  if (!ok) process.exitCode = 1;
}

await main();
