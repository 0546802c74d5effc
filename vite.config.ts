import { defineConfig, mergeConfig, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { offlineFiles } from './scripts/vite-offline-files';
import { firstScreenGroups } from './scripts/vite-first-screen-chunks';
import { precompress } from './scripts/vite-precompress';

// The CSP meta in index.html is strict (no inline scripts, no eval). In dev, React Refresh needs
// an inline preamble, so the meta is dropped there only.
function devCsp(): Plugin {
  return {
    name: 'hub-dev-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/, ''),
    },
  };
}

const config: InlineConfig = {
  root: 'renderer',
  // Relative asset URLs: the same build loads from file:// in Electron and from the hub (see
  // renderer/public/hub-base.js for deep links on the hub).
  base: './',
  plugins: [react(), devCsp(), offlineFiles(), precompress()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Chromium supports modulepreload natively; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
};

// A build groups the login page's modules and the first screen's into one chunk each, found by a
// first build (scripts/vite-first-screen-chunks.ts); the dev server serves modules as they are.
export default defineConfig(async ({ command }) => command === 'build'
  ? mergeConfig(config, { build: { rolldownOptions: { output: { codeSplitting: { groups: await firstScreenGroups(config) } } } } })
  : config);
