/**
 * `npm run sim -- <id | file | link> --scale seed|compressed`: the shipped story at the article's
 * scale (scenarios/seed-scale/<id>.json) or its compressed one, then the usual overrides.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/share.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import { runCli } from './harness.ts';

/** Short runs: the scale's first ten minutes are enough to tell the files apart. */
const SHORT = ['--duration', '600', '--json', '--no-timing'];

describe('npm run sim -- … --scale', () => {
  it('a shipped id, its file or its link at --scale seed run the seed-scale file, byte for byte', () => {
    const file = runCli(['scenarios/seed-scale/black-friday.json', ...SHORT]);
    expect(file.code).toBe(0);
    expect(JSON.parse(file.stdout).scenario).toBe('black-friday');
    for (const source of ['black-friday', 'scenarios/black-friday.json', `http://127.0.0.1:4173/${encodeShareHash(parseScenarioOrThrow(JSON.parse(readFileSync('scenarios/black-friday.json', 'utf8'))))}`]) {
      const r = runCli([source, '--scale', 'seed', ...SHORT]);
      expect(r.stderr, source).toBe('');
      expect(r.stdout, source).toBe(file.stdout);
    }
  });

  it('--scale compressed runs the shipped scenario, also from the seed-scale file', () => {
    const shipped = runCli(['scenarios/retention-reset.json', ...SHORT]);
    expect(runCli(['scenarios/seed-scale/retention-reset.json', '--scale', 'compressed', ...SHORT]).stdout).toBe(shipped.stdout);
    expect(runCli(['retention-reset', '--scale', 'compressed', ...SHORT]).stdout).toBe(shipped.stdout);
  });

  it('the overrides apply after the scale, and --compare fix compares at that scale', () => {
    const r = runCli(['black-friday', '--scale', 'seed', '--set', 'groups.0.members=3', ...SHORT]);
    expect(JSON.parse(r.stdout).groups.warehouse.members).toBe(3);
    const c = runCli(['black-friday', '--scale', 'seed', '--compare', 'fix', ...SHORT]);
    expect(c.code).toBe(0);
    const out = JSON.parse(c.stdout) as { a: { simTime: number; groups: { warehouse: { members: number } } }; b: { groups: { warehouse: { members: number } } } };
    expect(out.a.groups.warehouse.members).toBe(6);
    expect(out.b.groups.warehouse.members).toBe(12);
  });

  it('a story without a variant, an unknown id or a bad value exit 2 and say why', () => {
    const none = runCli(['hot-partition', '--scale', 'seed']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/"hot-partition" has no seed-scale variant \(stories with one: black-friday, retention-reset\)/);
    const unknown = runCli(['no-such-story', '--scale', 'compressed']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/"no-such-story" is not a shipped scenario/);
    const bad = runCli(['black-friday', '--scale', 'huge']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--scale must be seed or compressed/);
    expect(runCli(['black-friday', '--scale', 'seed', '--scale', 'seed']).stderr).toMatch(/--scale given twice/);
  });
});
