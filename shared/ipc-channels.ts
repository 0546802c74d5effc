// The channel names alone, without their zod schemas, so the sandboxed preload can carry its
// allow-list without bundling zod. shared/ipc.ts checks at compile time that both lists agree.

export const IPC_CHANNELS = [
  'hub:request',
  'hub:upload',
  'hub:image',
  'session:login',
  'session:logout',
  'session:state',
  'settings:get',
  'settings:set-hub-url',
  'file:save',
  'shell:open-external',
  'file:save-pdf',
  'offline-cache:load',
  'offline-cache:save',
  'offline-cache:clear',
] as const;

/** Events main sends to the renderer. */
export const IPC_EVENTS = { sessionEnded: 'session:ended' } as const;
