import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/share.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import { scenarioJsonSchema } from '../../src/scenario/json-schema.ts';

function sim(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run sim', () => {
  it('prints byte-identical JSON for the same scenario and seed, and different numbers for another seed', () => {
    const a = sim('scenarios/mm1.json', '--duration', '20000', '--json', '--no-timing');
    const b = sim('scenarios/mm1.json', '--duration', '20000', '--json', '--no-timing');
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const c = sim('scenarios/mm1.json', '--duration', '20000', '--seed', '2', '--json', '--no-timing');
    expect(JSON.parse(c.stdout).W.mean).not.toBe(JSON.parse(a.stdout).W.mean);
  });

  it('reports the required fields, with confidence half-widths and theory', () => {
    const out = JSON.parse(sim('scenarios/mm1.json', '--duration', '20000', '--json').stdout);
    for (const k of ['seed', 'simTime', 'events', 'arrivals', 'completed', 'dropped', 'throughput', 'L', 'W', 'Wq', 'lambda', 'utilization', 'p50', 'p99', 'wallMs']) {
      expect(out, k).toHaveProperty(k);
    }
    expect(out.simTime).toBe(20000);
    expect(out.L.hw).toBeGreaterThan(0);
    expect(out.theory).toMatchObject({ model: 'M/M/1', L: expect.closeTo(9, 10), W: expect.closeTo(10, 10) });
    expect(out.arrivals).toBe(out.completed + out.dropped + out.inSystem);
    expect(out.wallMs).toBeGreaterThan(0);
  });

  it('runs a share URL exactly like the file it came from', () => {
    const scenario = parseScenarioOrThrow(JSON.parse(readFileSync('scenarios/md1.json', 'utf8')));
    const url = `http://127.0.0.1:4173/${encodeShareHash({ ...scenario, duration: 30000 })}`;
    const fromUrl = sim(url, '--json', '--no-timing');
    const fromFile = sim('scenarios/md1.json', '--duration', '30000', '--json', '--no-timing');
    expect(fromUrl.code).toBe(0);
    expect(fromUrl.stdout).toBe(fromFile.stdout);
  });

  it('applies --set what-ifs by path', () => {
    const out = JSON.parse(sim('scenarios/mm1.json', '--duration', '5000', '--set', 'arrival.rate=0.5', '--set', 'servers=2', '--json').stdout);
    expect(out.theory.model).toBe('M/M/2');
    expect(out.theory.rho).toBeCloseTo(0.25, 12);
  });

  it('prints a readable table with units, the CI and the theory column', () => {
    const r = sim('scenarios/mmc.json', '--duration', '20000');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/theory \(M\/M\/4\)/);
    expect(r.stdout).toMatch(/W\s+time in system\s+s\s+[\d.]+ ± [\d.]+\s+2\.969/);
    expect(r.stdout).toMatch(/Little's law: L = /);
  });

  it('exits with 2 and names every bad field on stderr, without a stack trace', () => {
    const r = sim('scenarios/mm1.json', '--set', 'arrival.rate=-3', '--set', 'srvers=2', '--seed', 'x');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('arrival.rate: must be a number in [0, 1000000] /s (got -3)');
    expect(r.stderr).toContain('srvers: is not a known field');
    expect(r.stderr).toContain('seed: must be an integer in [0, 4294967295] (got "x")');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits with 2 for a missing file, bad JSON, a broken link or a bad option', () => {
    expect(sim('no/such.json').stderr).toMatch(/file not found: no\/such\.json/);
    const badJson = sim('package-lock.json');
    expect(badJson.code).toBe(2);
    const link = sim('http://127.0.0.1:4173/#v1.N4IgbgpgTgzglgewHYgFwEYA0IC2CAmEANmiDAC4CG5iK2c');
    expect(link.code).toBe(2);
    expect(link.stderr).toMatch(/link: is truncated or corrupted/);
    const opt = sim('scenarios/mm1.json', '--frobnicate');
    expect(opt.code).toBe(2);
    expect(opt.stderr).toMatch(/unknown option --frobnicate/);
    expect(opt.stderr).toMatch(/usage: npm run sim/);
  });
});

describe('npm run sim with a Kafka scenario', () => {
  it('reports the broker metrics in --json', () => {
    const r = sim('scenarios/consumers-gt-partitions.json', '--json', '--no-timing');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const k of ['lagRecords', 'lagSeconds', 'duplicates', 'lost', 'skipped', 'orderingViolations', 'dlq', 'retries', 'rebalances', 'idleConsumers', 'assignment', 'partitions', 'L', 'W', 'lambda']) {
      expect(out, k).toHaveProperty(k);
    }
    expect(out.lagRecords).toEqual({ final: expect.any(Number), max: expect.any(Number), inFlight: expect.any(Number) });
    expect(out.littlesLaw.verdict).toBe('wide'); // the eager rebalance to 40 members dominates the window
    expect(out.idleConsumers).toBe(28);
    expect(Object.keys(out.assignment)).toHaveLength(40);
    expect(out.partitions).toHaveLength(12);
    expect(out.partitions[0]).toEqual({ partition: 0, logStart: 0, logEnd: expect.any(Number), committed: expect.any(Number), lag: expect.any(Number) });
    expect(out.partitions[0].lag).toBe(out.partitions[0].logEnd - out.partitions[0].committed);
  });

  it('prints a readable broker table', () => {
    const r = sim('scenarios/hot-partition.json', '--duration', '120');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/group warehouse \(generation 1, Stable, 6 members\)/);
    expect(r.stdout).toMatch(/lag\s+age at committed, final \/ max\s+s/);
    expect(r.stdout).toMatch(/Little.s law: .* no steady state/);
  });

  it('prints the event log with --log', () => {
    const r = sim('scenarios/retention-reset.json', '--log');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/INFO  \[consumer-warehouse-1\] Resetting offset for partition orders-\d to position FetchPosition\{offset=\d+/);
    expect(r.stdout).toMatch(/\[LogManager\] Deleting segment of orders-0 due to retention time 360000ms breach/);
  });

  it('names the bad Kafka setting and its range', () => {
    const r = sim('scenarios/rebalance-storm.json', '--set', 'groups.0.session.timeout.ms=1000', '--set', 'faults=[{"at":5,"kind":"crash","target":"renderer-9"}]');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('groups.0.session.timeout.ms: must be an integer in [6000, 1800000] ms (got 1000)');
  });

  it('names an unknown fault target', () => {
    const r = sim('scenarios/rebalance-storm.json', '--set', 'faults=[{"at":5,"kind":"crash","target":"renderer-9"}]');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('faults.0.target: must name a consumer: renderer-1 … renderer-3 (got "renderer-9")');
  });
});

describe('npm run sim -- partition', () => {
  it("prints Kafka's default partition for each key", () => {
    const r = sim('partition', '--partitions', '12', '21', 'foobar', 'order-42');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^21\s+0$/m);
    expect(r.stdout).toMatch(/^foobar\s+6$/m);
    const json = JSON.parse(sim('partition', '--partitions', '12', '--json', '21', 'foobar').stdout);
    expect(json).toEqual({ 21: 0, foobar: 6 });
  });

  it('refuses a missing or absurd partition count', () => {
    const r = sim('partition', '--partitions', '0', 'a');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--partitions must be an integer in \[1, 100000\]/);
  });
});

describe('scenarios/scenario.schema.json', () => {
  it('is up to date with the valibot schema (run `npm run schema` after changing it)', () => {
    expect(JSON.parse(readFileSync('scenarios/scenario.schema.json', 'utf8'))).toEqual(scenarioJsonSchema());
  });
});
