import { startE2eHub } from './e2e-global-setup';

// One of the e2e suite's demo hubs, in a process of its own (e2e-global-setup.ts starts them).
const { hub, stop } = await startE2eHub();
process.stdout.write(`e2e hub on ${hub.url}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void stop().finally(() => process.exit(0));
  });
}
