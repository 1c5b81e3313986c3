/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

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

export default defineConfig({
  plugins: [svelte(), contentSecurityPolicy()],
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Statistical tests simulate millions of events; give them room on a 2-core machine.
    testTimeout: 120_000,
  },
});
