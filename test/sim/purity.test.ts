import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

  it('is type-checked without the DOM library (src/sim/tsconfig.json)', () => {
    const config = JSON.parse(readFileSync('src/sim/tsconfig.json', 'utf8'));
    expect(config.compilerOptions.lib).toEqual(['ES2022']);
  });
});
