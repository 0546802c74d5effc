import SonicBoom from 'sonic-boom';

// The hub logs a line per request (plugins/request-log.ts; two when this was measured).
// Written to stdout as they came (pino's default), the two cost ~7 % of the hub's CPU on its
// lightest route (one objective: 314 -> 293 µs per request, /proc CPU time over 20,000 requests).
// Batched, they reach stdout every 4 KiB or 250 ms. The process's exit (a crash included) writes
// what is left; only a SIGKILL loses up to 4 KiB.
//
// Each batch is written synchronously, as pino's own destination writes: written asynchronously,
// every batch went through libuv's thread pool (strace over 5,000 requests of one objective: 3,172
// futex calls and 750 writes; synchronously 1,460 and 395).

const LOG_BATCH = { bytes: 4096, ms: 250 };

export function batchedStdout(): SonicBoom {
  const stream = new SonicBoom({ fd: 1, minLength: LOG_BATCH.bytes, periodicFlush: LOG_BATCH.ms, sync: true });
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // stdout already closed: nothing to write to
    }
  });
  return stream;
}
