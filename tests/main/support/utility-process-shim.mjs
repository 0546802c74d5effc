// Electron's utilityProcess gives the child process.parentPort; plain Node's fork gives
// process.send. This plays the former over the latter, then runs the module named in argv[2], so
// the real embedded hub (server/embedded-entry.ts) runs as the app runs it, without Electron.
process.parentPort = {
  postMessage: (message) => process.send?.(message),
  on: (event, listener) => {
    if (event === 'message') process.on('message', (data) => listener({ data }));
  },
};
await import(process.argv[2]);
