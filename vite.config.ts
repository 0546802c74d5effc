import { createHash } from 'node:crypto';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// base './' lets one build load from file:// in Electron and from / on the hub. On the hub a
// deep link such as /profile/12 would then resolve ./assets against /profile/: this one inline
// script (allowed by its hash, so script-src stays free of 'unsafe-inline') pins the base to /
// whenever the page is served over http(s).
const BASE_FIX = "if(location.protocol!=='file:'){var b=document.createElement('base');b.href='/';document.head.prepend(b)}";
const BASE_FIX_HASH = `'sha256-${createHash('sha256').update(BASE_FIX).digest('base64')}'`;

function cspAndBase(): Plugin {
  let dev = false;
  return {
    name: 'hub-csp-and-base',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        // In dev, React Refresh needs an inline preamble and HMR a websocket: relax only there.
        const csp = dev
          ? html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/, '')
          : html.replace('%BASE_FIX_HASH%', BASE_FIX_HASH);
        return {
          html: csp,
          tags: dev ? [] : [{ tag: 'script', children: BASE_FIX, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), cspAndBase()],
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
});
