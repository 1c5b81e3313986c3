/**
 * Issue 10, "Clean errors, always": one test per class of malformed input. Each ran with exit 1,
 * a crash, a hang or a silently ignored input before; now each exits 2 with a bounded message
 * naming the field and what is allowed (or, for a byte-order mark, is accepted).
 */
import { CRASH_LOOP } from '../fixtures/crash-loop.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import LZString from 'lz-string';
import { runCli, outcomeProblems, type Outcome } from './harness.ts';
import { main } from '../../src/cli/main.ts';
import { MAX_CONSUMERS_PER_GROUP, MAX_DEPTH, MAX_SCENARIO_BYTES } from '../../src/scenario/limits.ts';
import { encodeShareHash, shareCheck } from '../../src/scenario/share.ts';
import { repeatBomb } from '../fixtures/lz-bomb.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';

const mm1Text = readFileSync('scenarios/mm1.json', 'utf8');
const mm1 = JSON.parse(mm1Text) as Record<string, unknown>;
/** Cheap runs: the shipped M/M/1 for 10 simulated seconds. */
const SHORT = ['--duration', '10', '--set', 'warmup=0'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'queuelab-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Exit 2, nothing on stdout, and the message lines; fails on any exit-1, control-character or stack problem. */
function refused(r: Outcome): string {
  expect(outcomeProblems(r)).toEqual([]);
  expect(r.code).toBe(2);
  return r.stderr;
}

function accepted(r: Outcome): string {
  expect(outcomeProblems(r)).toEqual([]);
  expect(r.code).toBe(0);
  return r.stdout;
}

describe('non-object and deeply nested JSON', () => {
  it.each([
    ['a number', '42', '(got 42)'],
    ['a string', '"mm1"', '(got "mm1")'],
    ['null', 'null', '(got null)'],
    ['an array', '[1,2]', '(got [1,2])'],
  ])('a file holding %s is refused with exit 2, also with --duration and --set', (_, text, got) => {
    const path = file('not-object.json', text);
    for (const extra of [[], ['--duration', '10'], ['--set', 'arrival.rate=1']]) {
      expect(refused(runCli([path, ...extra]))).toContain(`scenario: must be a JSON object ${got}`);
    }
  });

  it('deeply nested JSON in a file is refused before parsing, naming the depth limit', () => {
    const path = file('deep.json', `${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    const r = runCli([path, '--duration', '10']);
    expect(refused(r)).toContain(`scenario: nested deeper than ${MAX_DEPTH} levels`);
    expect(r.ms).toBeLessThan(2000);
    // Inside an otherwise valid scenario too, where an unknown field would echo it.
    const inside = file('deep-field.json', mm1Text.replace(/^\{/, `{"x":${'{"a":'.repeat(100)}1${'}'.repeat(100)},`));
    expect(refused(runCli([inside]))).toContain(`scenario: nested deeper than ${MAX_DEPTH} levels`);
  });

  it('deeply nested JSON in a share link is refused with exit 2', () => {
    const deep = `{"version":1,"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const r = runCli([`http://127.0.0.1:4173/#v1.${LZString.compressToEncodedURIComponent(deep)}`]);
    expect(refused(r)).toContain(`scenario: nested deeper than ${MAX_DEPTH} levels`);
  });

  it('a share link that would decompress to millions of characters is refused with exit 2, naming the limit', () => {
    const { payload } = repeatBomb(7000);
    for (const link of [`#v2.${shareCheck(payload)}.${payload}`, `#v1.${payload}`]) {
      const r = runCli([`http://127.0.0.1:4173/${link}`]);
      expect(refused(r)).toContain('link: is too large: its data expands to more than 262,144 characters');
    }
  });

  it('deeply nested JSON in a --set value is refused, naming the path', () => {
    const r = runCli(['scenarios/mm1.json', '--set', `arrival.profile=${'['.repeat(50_000)}${']'.repeat(50_000)}`]);
    expect(refused(r)).toContain(`error: --set arrival.profile: the value is nested deeper than ${MAX_DEPTH} levels`);
  });

  it('deep nesting that stays within the limit still gets the ordinary field errors', () => {
    const r = runCli(['scenarios/mm1.json', '--set', `arrival.profile=${'['.repeat(10)}${']'.repeat(10)}`]);
    expect(refused(r)).toContain('arrival.profile.0: must be an object, not a list');
  });
});

describe('--set list indices', () => {
  it('a --set with a sparse list index is refused and names the allowed range', () => {
    const r = runCli(['scenarios/mm1.json', '--set', 'arrival.profile.5.rate=2']);
    expect(refused(r)).toContain(
      '--set arrival.profile.5.rate: arrival.profile is a list of 0 items, so the index after it must be an integer in 0 … 0 (0 appends an item); got "5"',
    );
  });

  it('a --set with a huge list index is refused at once, without allocating the list', () => {
    for (const index of ['4294967294', '99999999999999999999999']) {
      const r = runCli(['scenarios/mm1.json', '--set', `arrival.profile.${index}.rate=2`]);
      expect(refused(r)).toMatch(/so the index after it must be an integer in 0 … 0/);
      expect(r.ms).toBeLessThan(1000);
    }
  });

  it('a --set with a negative or non-integer list index is refused, not silently ignored', () => {
    for (const index of ['-1', '01', '1e0', '+1', 'length', 'x']) {
      const r = runCli(['scenarios/mm1.json', ...SHORT, '--set', `arrival.profile.${index}=3`]);
      expect(refused(r)).toContain(`--set arrival.profile.${index}: arrival.profile is a list of 0 items, so the index after it must be an integer in 0 … 0 (0 appends an item); got "${index}"`);
    }
    const kafka = runCli(['scenarios/rebalance-storm.json', '--set', 'groups.2.members=2']);
    expect(refused(kafka)).toContain('--set groups.2.members: groups is a list of 1 item, so the index after it must be an integer in 0 … 1 (1 appends an item); got "2"');
  });

  it('a --set may change an item or append one just past the end of a list', () => {
    const r = runCli(['scenarios/mm1.json', ...SHORT, '--json', '--set', 'arrival.profile.0={"at":1,"rate":2}', '--set', 'arrival.profile.1.at=5', '--set', 'arrival.profile.1.rate=0.5', '--set', 'arrival.profile.0.rate=3']);
    accepted(r);
    const fresh = runCli(['scenarios/mm1.json', ...SHORT, '--set', 'arrival.profile.1.at=5']);
    expect(refused(fresh)).toContain('so the index after it must be an integer in 0 … 0');
  });

  it('a --set path deeper than the nesting limit is refused', () => {
    const r = runCli(['scenarios/mm1.json', '--set', `${Array(40).fill('a').join('.')}=1`]);
    expect(refused(r)).toContain(`is 40 fields deep; a scenario nests at most ${MAX_DEPTH}`);
  });
});

describe('numbers', () => {
  it('a denormal number names the field and its range, not an internal parameter', () => {
    const r = runCli(['scenarios/mm1.json', ...SHORT, '--set', 'service.mean=5e-324']);
    const err = refused(r);
    expect(err).toContain('service.mean: must be a number in [1e-100, 1000000000] s: a non-zero number below 1e-100 is too small to compute with (got 5e-324)');
    expect(err).not.toMatch(/\bmu\b/);
  });

  it('a tiny coefficient of variation whose square underflows names the field', () => {
    const r = runCli(['scenarios/mm1.json', ...SHORT, '--set', 'service={"type":"gamma","mean":1,"cv":1e-170}']);
    expect(refused(r)).toContain('service.cv: must be a number in [1e-100, 100]');
    const zero = runCli(['scenarios/mm1.json', ...SHORT, '--set', 'arrival.rate=1e-200']);
    expect(refused(zero)).toContain('arrival.rate: must be 0 or a number in [1e-100, 1000000] /s');
    accepted(runCli(['scenarios/mm1.json', ...SHORT, '--set', 'arrival.rate=0']));
  });

  it('an overflowing number (1e999 in JSON text) names the field and shows Infinity, not null', () => {
    const path = file('overflow.json', mm1Text.replace('"rate": 0.9', '"rate": 1e999'));
    expect(readFileSync(path, 'utf8')).toContain('1e999');
    expect(refused(runCli([path]))).toContain('arrival.rate: must be a number in [0, 1000000] /s (got Infinity)');
    expect(refused(runCli(['scenarios/mm1.json', '--duration', '-1e999']))).toContain('duration: must be a number in (0, 1000000000] s (got -Infinity)');
    expect(refused(runCli(['scenarios/mm1.json', '--seed', '1e999']))).toContain('seed: must be an integer in [0, 4294967295] (got Infinity)');
  });
});

describe('entity counts beyond internal encodings', () => {
  it('more consumers in a group than the event encoding holds (65,536) are refused, naming the fault that adds them', () => {
    const faults = Array.from({ length: 66 }, (_, i) => ({ at: 1 + i / 100, kind: 'add-consumer', target: 'renderer', count: 1000 }));
    const r = runCli(['scenarios/rebalance-storm.json', '--duration', '5', '--set', 'warmup=0', '--set', `faults=${JSON.stringify(faults)}`]);
    // 3 members + 65 × 1000 = 65,003; the 66th fault would make 66,003.
    expect(refused(r)).toContain(
      `faults.65.count: would bring group renderer to 66003 consumers: a group has at most ${MAX_CONSUMERS_PER_GROUP} over a run (members plus added), so at most 533 here (got 1000)`,
    );
    expect(r.stderr.match(/would bring/g)).toHaveLength(1);
  });
});

describe('what is read as a scenario', () => {
  it('a device file is refused with exit 2', () => {
    const r = runCli(['/dev/zero']);
    expect(refused(r)).toContain('/dev/zero is not a regular file (a device, FIFO or socket)');
    expect(r.ms).toBeLessThan(1000);
  });

  it('a directory is refused with exit 2', () => {
    expect(refused(runCli([dir]))).toContain('is a directory, not a scenario file');
  });

  it('a FIFO is refused at once, without waiting for a writer', () => {
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const r = runCli([fifo]);
    expect(refused(r)).toContain('is not a regular file (a device, FIFO or socket)');
    expect(r.ms).toBeLessThan(1000);
  });

  it('a file over the size limit is refused, naming the limit', () => {
    const path = file('huge.json', `${mm1Text}${' '.repeat(MAX_SCENARIO_BYTES)}`);
    expect(refused(runCli([path]))).toMatch(/huge\.json is [\d,]+ bytes; a scenario file may be at most 1,048,576 bytes/);
  });

  it('a file that is not UTF-8 is refused', () => {
    const path = file('latin1.json', Buffer.from(mm1Text.replace('M/M/1', 'M/M/1 \u00e9t\u00e9'), 'latin1'));
    expect(refused(runCli([path]))).toContain('latin1.json is not UTF-8 text');
  });

  it('a UTF-8 byte-order mark is accepted', () => {
    const path = file('bom.json', `\ufeff${mm1Text}`);
    const withBom = accepted(runCli([path, ...SHORT, '--json']));
    expect(withBom).toBe(accepted(runCli(['scenarios/mm1.json', ...SHORT, '--json'])));
  });

  it('anything thrown while reading input is exit 2, and a bug while running is exit 1, both without a stack trace', () => {
    let stderr = '';
    const thrower = () => {
      throw new TypeError('reader broke');
    };
    const code = main(['x.json'], { stdout: () => {}, stderr: (t) => void (stderr += t), readFile: thrower });
    expect(code).toBe(2);
    expect(stderr).toContain('scenario: cannot be read: reader broke');
    stderr = '';
    const bug = main(['scenarios/mm1.json', ...SHORT], { stdout: thrower, stderr: (t) => void (stderr += t) });
    expect(bug).toBe(1);
    expect(stderr).toBe('internal error: TypeError: reader broke\n');
  });
});

describe('runs the scenario itself stops', () => {
  it('a run whose simulated time stops advancing exits 2 with the reason in one line, no stack', () => {
    const stuck = CRASH_LOOP;
    const r = runCli([file('stuck.json', JSON.stringify(stuck))]);
    expect(refused(r)).toMatch(/^error: .*warehouse:supervisor-restart.*\n$/);
    expect(r.stderr.split('\n')).toHaveLength(2);
  });
});

describe('bounded output', () => {
  it('a long error list is capped at 20 lines and counts the rest', () => {
    const steps = Array.from({ length: 500 }, (_, i) => ({ at: i + 1, rate: -1 }));
    const path = file('many.json', JSON.stringify({ ...mm1, arrival: { rate: 1, profile: steps } }));
    const err = refused(runCli([path]));
    expect(err.trimEnd().split('\n')).toHaveLength(1 + 20 + 1);
    expect(err).toContain('  arrival.profile.19.rate: must be a number in [0, 1000000] /s (got -1)\n  … and 480 more errors\n');
  });

  it('echoed values, field names, file names and --set text are truncated', () => {
    const long = 'x'.repeat(100_000);
    const path = file('long-key.json', JSON.stringify({ ...mm1, [long]: long, title: long }));
    const err = refused(runCli([path]));
    expect(err.length).toBeLessThan(1000);
    expect(err).toContain(`title: must be at most 200 characters (got "${'x'.repeat(56)}...)`);
    expect(refused(runCli([`${dir}/${long}.json`])).length).toBeLessThan(1000);
    expect(refused(runCli([`http://h/#v1.${long}`])).length).toBeLessThan(1000);
    for (const argv of [['scenarios/mm1.json', '--set', long], ['scenarios/mm1.json', '--set', `${long}=1`], ['scenarios/mm1.json', `--${long}`], ['scenarios/mm1.json', long]]) {
      const r = runCli(argv);
      expect(refused(r).length, argv[1].slice(0, 10)).toBeLessThan(2000);
    }
  });

  it('a huge list in a file is reported in bounded output and time', () => {
    const path = file('huge-list.json', JSON.stringify({ ...mm1, arrival: { rate: 1, profile: Array.from({ length: 100_000 }, () => 'step') } }));
    const r = runCli([path]);
    expect(refused(r)).toContain('  arrival.profile.19: must be an object (got "step")\n  … and 99,980 more errors\n');
    expect(r.ms).toBeLessThan(5000);
  });
});

describe('terminal safety', () => {
  const ESC_TITLE = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b1m\r\nline two\u202e';

  it('control characters in a title are not printed to the terminal', () => {
    const path = file('title.json', JSON.stringify({ ...mm1, title: ESC_TITLE }));
    const out = accepted(runCli([path, ...SHORT]));
    expect(out.split('\n')[0]).toBe('QueueLab · mm1 — \\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x9b1m\\x0d\\x0aline two\\u202e');
  });

  it('control characters in field names, values, JSON errors, file names and options are escaped in error messages', () => {
    const key = (path: string) => refused(runCli([path]));
    const badKey = file('key.json', JSON.stringify({ ...mm1, [ESC_TITLE]: 1 }));
    expect(key(badKey)).toContain('  \\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x9b1m\\x0d\\x0aline two\\u202e: is not a known field');
    const badValue = file('value.json', JSON.stringify({ ...mm1, servers: ESC_TITLE }));
    expect(key(badValue)).toContain('servers: must be an integer in [1, 10000] (got "\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31mred\\x9b1m\\r\\nline two\\u202e")');
    const badJson = file('bad.json', ESC_TITLE);
    expect(key(badJson)).toMatch(/bad\.json is not valid JSON: .*\\x1b/);
    expect(refused(runCli([join(dir, `${ESC_TITLE}.json`)]))).toContain('file not found');
    refused(runCli(['scenarios/mm1.json', `--${ESC_TITLE}`]));
    refused(runCli(['scenarios/mm1.json', '--set', `${ESC_TITLE}=1`]));
    refused(runCli(['scenarios/mm1.json', '--set', `title.${ESC_TITLE}=1`]));
  });

  it('control characters in keys are escaped by partition, in the table and in --json', () => {
    const table = accepted(runCli(['partition', '--partitions', '3', ESC_TITLE]));
    expect(table).toContain('\\x1b]0;pwned');
    const json = accepted(runCli(['partition', '--partitions', '3', '--json', ESC_TITLE]));
    expect(JSON.parse(json)).toEqual({ [ESC_TITLE]: expect.any(Number) });
  });

  it('control characters in a share link title are not printed either', () => {
    const scenario = parseScenarioOrThrow({ ...mm1, title: ESC_TITLE, duration: 10, warmup: 0 });
    const out = accepted(runCli([`http://127.0.0.1:4173/${encodeShareHash(scenario)}`]));
    expect(out).toContain('\\x1b]0;pwned');
  });

  it('control characters in record keys are escaped in the --log output', () => {
    const out = accepted(
      runCli([
        'scenarios/poison-message.json',
        '--log',
        ...['--duration', '5', '--set', 'warmup=0'],
        ...['--set', 'faults=[{"at":1,"kind":"poison","key":"k\\u001b[2J\\n","effect":"exception"}]'],
        ...['--set', 'producers.0.keys={"kind":"coarse","values":["k\\u001b[2J\\n","b"]}'],
      ]),
    );
    expect(out).toMatch(/\[FaultInjector\] poison record produced to orders-\d at offset \d+ \(key k\\x1b\[2J\\x0a\)\n/);
  });
});
