import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { powInt } from '../../src/sim/kernel/pmath.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('src/sim is deterministic by construction', () => {
  it('never reads ambient time or randomness, nor touches the DOM or workers', () => {
    const banned = /\b(Math\.random|Date\.now|new Date\b|performance\.now|setTimeout|setInterval|window\.|document\.|self\.|postMessage|crypto\.)/;
    const offenders: string[] = [];
    for (const file of sources('src/sim')) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
          if (banned.test(code)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('raises numbers to integer powers by multiplication, not Math.pow (whose last bits differ between engines)', () => {
    // Integer powers (γ^i of a histogram bucket, a backoff's multiplier^attempt) go through
    // powInt: Node 20 and Chromium 156 disagree on Math.pow's last bit for ~10 % of arguments.
    // The non-integer powers left — Pareto and gamma sampling, the Zipf key weights — are listed
    // here on purpose: like Math.log and Math.exp, which all sampling uses, they are engine-defined.
    const allowed = ['src/sim/kernel/distributions.ts', 'src/sim/model/kafka/keys.ts'];
    const offenders: string[] = [];
    for (const file of sources('src/sim').filter((f) => !allowed.includes(f))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?(\*\/|$)/g, '').replace(/^\s*\*.*$/, '');
          // Constants such as 2 ** -32 are exact; any other ** or Math.pow is engine-defined.
          if (/Math\.pow\(|\*\*/.test(code.replace(/\b\d+\s*\*\*\s*-?\d+\b/g, ''))) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('powInt: exact where the power is representable, and the same bits as a multiplication chain', () => {
    expect(powInt(2, 52)).toBe(2 ** 52);
    expect(powInt(3, 20)).toBe(3486784401);
    expect(powInt(1.5, 0)).toBe(1);
    expect(powInt(0.5, 3)).toBe(0.125);
    expect(() => powInt(2, -1)).toThrow(RangeError);
    expect(() => powInt(2, 1.5)).toThrow(RangeError);
    // x^5 = x · (x²)² — the squaring order, not a left-to-right product.
    const x = 1.0100502512562815;
    expect(powInt(x, 5)).toBe(x * ((x * x) * (x * x)));
  });

  it('is type-checked without the DOM library (src/sim/tsconfig.json)', () => {
    const config = JSON.parse(readFileSync('src/sim/tsconfig.json', 'utf8'));
    expect(config.compilerOptions.lib).toEqual(['ES2022']);
  });
});
