/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { LessonError, lessonBody, lessonHead, parseLesson } from './src/content/lesson.ts';
import { parseQuestion } from './src/content/question.ts';

/**
 * The built app's Content-Security-Policy: scripts, workers, styles, fetches only from the page's
 * own origin; no inline script, no eval, no plugins, no <base>, no form posts. Svelte sets dynamic
 * styles through the CSSOM (`style.cssText`), which CSP does not restrict, and its CSS is emitted
 * as files, so `style-src` needs no 'unsafe-inline'. `img-src data:` is for the empty favicon
 * (`<link rel="icon" href="data:,">`, which saves a /favicon.ico 404). Checked by
 * test/e2e/csp.spec.ts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Puts the policy in the built index.html as a <meta> right after the charset, before any script.
 * Build only: the dev server injects styles and its HMR client inline, which the policy forbids.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'queuelab-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const charset = /<meta charset="UTF-8" \/>\n?/i;
        if (!charset.test(html)) throw new Error('index.html: no <meta charset="UTF-8" /> to put the Content-Security-Policy after');
        return html.replace(charset, (m) => `${m}    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />\n`);
      },
    },
  };
}

/**
 * Lessons (`scenarios/lessons/<id>.<lang>.md`) parsed at build time, in two parts, so that the first
 * load carries only what the first screen needs: `<file>.md?front` is a module whose default export
 * is the file's head (front matter, plus what the checks between languages compare; see
 * `lessonHead`) or, when the file does not parse, its problems; `<file>.md?body` exports its
 * sections (`lessonBody`), or null. `src/content/scenarios.ts` imports every head eagerly and each
 * body on demand. The whole file is parsed for both, with the same parser the tests use.
 */
function lessons(): Plugin {
  let root = process.cwd();
  return {
    name: 'queuelab-lessons',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      const q = id.indexOf('?');
      if (q < 0 || !id.slice(0, q).endsWith('.md')) return null;
      const query = new URLSearchParams(id.slice(q + 1));
      // Interview questions (scenarios/questions/<id>.<lang>.md?question): the parsed file, or its problems.
      if (query.has('question')) {
        const path = id.slice(0, q);
        this.addWatchFile(path);
        return `export default ${JSON.stringify(parseQuestion(readFileSync(path, 'utf8'), relative(root, path).split(sep).join('/')))};`;
      }
      // `?lesson`: the whole parsed file, or its problems (seed-scale lessons, loaded whole on demand: src/content/seed-scale.ts).
      const part = query.has('front') ? 'front' : query.has('body') ? 'body' : query.has('lesson') ? 'lesson' : null;
      if (part === null) return null;
      const path = id.slice(0, q);
      this.addWatchFile(path);
      const file = relative(root, path).split(sep).join('/');
      let value: unknown;
      try {
        const lesson = parseLesson(readFileSync(path, 'utf8'), file);
        value = part === 'front' ? lessonHead(lesson) : part === 'body' ? lessonBody(lesson) : lesson;
      } catch (e) {
        if (!(e instanceof LessonError)) throw e;
        value = part === 'body' ? null : e.problems;
      }
      return `export default ${JSON.stringify(value)};`;
    },
  };
}

export default defineConfig({
  plugins: [lessons(), svelte(), contentSecurityPolicy()],
  build: {
    rollupOptions: {
      output: {
        // Lesson bodies are named apart, so that the size budget (test/e2e/kafka.spec.ts) can tell them from shared chunks.
        // Interview mode is a chunk of its own too (loaded when a question opens), named apart for the same reason.
        // A model's panels (src/app/panels/<model>/index.ts) are named panels-<model>, apart from shared chunks
        // that happen to be named after a module with a model's name (e.g. pipeline-graph).
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.endsWith('.md?body') ? 'assets/lesson-[name]-[hash].js'
          : /\/src\/app\/panels\/[a-z]+\/index\.ts$/.test(chunk.facadeModuleId ?? '') ? `assets/panels-${/\/panels\/([a-z]+)\//.exec(chunk.facadeModuleId!)![1]}-[hash].js`
          : [chunk.facadeModuleId ?? '', ...chunk.moduleIds].some((m) => m.includes('/src/app/interview/')) ? 'assets/interview-[name]-[hash].js'
          : 'assets/[name]-[hash].js',
      },
    },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Statistical tests simulate millions of events; give them room on a 2-core machine.
    testTimeout: 120_000,
  },
});
