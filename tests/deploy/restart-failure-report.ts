import type { HubProcess } from '../support/hub-process';

// What the rolling-restart test prints for each request that failed, so one failed run
// of many says why: the request, its answer or the client's error, when it was sent relative to
// each hub's restart, and the lines nginx and the hubs wrote about it (by nginx's request id, which
// the hubs log as reqId; nginx's error log has no id, so its lines are matched by request and time).

export interface FailedRequest {
  /** e.g. 'write 1234' */
  label: string;
  method: string;
  path: string;
  sentAt: number;
  endedAt: number;
  /** the HTTP status, when there was an answer */
  status?: number;
  /** the client's error code (ECONNRESET, ...), when there was none */
  code?: string;
  requestId: string | null;
  body?: string;
}

export interface HubRestart {
  /** 1-based, as the upstream lists them */
  hub: number;
  signalledAt: number;
  /** the old hub's own lines: the signal handled, requests passed on, no longer listening */
  drain: DrainTimes;
  exitedAt: number;
  readyAt: number;
}

export interface HubLog {
  name: string;
  process: HubProcess;
}

const seconds = (ms: number) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(3)} s`;

export interface DrainTimes {
  handledAt: number | null;
  passingOnAt: number | null;
  stoppedListeningAt: number | null;
  /** it stopped listening with requests still arriving (after DRAIN_QUIET.maxMs) */
  gaveUp: boolean;
}

/** A retired hub's drain, from its own log. */
export function drainTimes(hub: HubProcess): DrainTimes {
  const lines = hub.logLines();
  const at = (msg: string) => {
    const line = lines.find((entry) => entry.msg === msg);
    return typeof line?.time === 'number' ? line.time : null;
  };
  return {
    handledAt: at('shutting down'),
    passingOnAt: at('draining: passing requests on'),
    stoppedListeningAt: at('draining: no new connections'),
    gaveUp: at('draining: requests still arriving; no longer waiting for them to stop') !== null,
  };
}

export function describeTimeline(restarts: HubRestart[], loadStarted: number): string {
  return restarts
    .map((r) => {
      const after = (time: number | null) => (time === null ? '(not logged)' : seconds(time - r.signalledAt));
      return (
        `hub ${r.hub}: SIGTERM at ${seconds(r.signalledAt - loadStarted)} of the load; after it: handled ${after(r.drain.handledAt)}, ` +
        `passing requests on ${after(r.drain.passingOnAt)}, stopped listening ${after(r.drain.stoppedListeningAt)}` +
        `${r.drain.gaveUp ? ' (with requests still arriving)' : ''}, exited ${seconds(r.exitedAt - r.signalledAt)}, new hub ready ${seconds(r.readyAt - r.signalledAt)}`
      );
    })
    .join('\n');
}

/** nginx's error log time (local, to the second) as epoch ms. */
function errorLogTime(line: string): number | null {
  const m = /^(\d{4})\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d) /.exec(line);
  return m ? new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]).getTime() : null;
}

export function describeFailure(failure: FailedRequest, restarts: HubRestart[], nginxErrorLog: string, nginxAccessLog: string, hubs: HubLog[]): string {
  const answer = failure.status !== undefined ? `${failure.status} ${failure.body ?? ''}`.trim() : `client error ${failure.code}`;
  const relative = restarts.map((r) => `hub ${r.hub} ${seconds(failure.sentAt - r.signalledAt)}`).join(', ');
  const out = [
    `${failure.label}: ${failure.method} ${failure.path} -> ${answer} (id ${failure.requestId ?? 'none'}), answered after ${failure.endedAt - failure.sentAt} ms; sent relative to each SIGTERM: ${relative}`,
  ];
  const requestLine = `request: "${failure.method} ${failure.path} HTTP/`;
  const from = Math.floor(failure.sentAt / 1000) * 1000 - 1000;
  const to = failure.endedAt + 1000;
  const id = failure.requestId;
  const access = id ? nginxAccessLog.split('\n').filter((line) => line.endsWith(`id=${id}`)) : [];
  // the hubs nginx tried for it (upstream=a, b : c), to tell its error lines from other requests'
  const upstreams = access.flatMap((line) => /upstream=(\S+(?:, \S+)*(?: : \S+)*)/.exec(line)?.[1].split(/, | : /) ?? []);
  const errors = nginxErrorLog.split('\n').filter((line) => {
    const at = errorLogTime(line);
    if (at === null || at < from || at > to || !line.includes(requestLine)) return false;
    return upstreams.length === 0 || upstreams.some((address) => line.includes(`upstream: "http://${address}/`));
  });
  const scope = upstreams.length ? `same request line and hub (${upstreams.join(', ')})` : 'same request line';
  out.push(errors.length ? `  nginx error log (${scope}, within a second):\n${errors.map((l) => `    ${l}`).join('\n')}` : `  nginx error log: no line (${scope}, within a second)`);
  if (id) {
    out.push(access.length ? `  nginx access log:\n${access.map((l) => `    ${l}`).join('\n')}` : '  nginx access log: no line with this id');
    const hubLines = hubs.flatMap((hub) => hub.process.output().split('\n').filter((line) => line.includes(id)).map((line) => `    ${hub.name}: ${line}`));
    out.push(hubLines.length ? `  hub log lines with this id:\n${hubLines.join('\n')}` : '  hub log lines with this id: none (no hub logged it)');
  } else {
    out.push('  no request id: the client got no answer, so the hubs cannot be searched for it');
  }
  return out.join('\n');
}

/**
 * nginx's error-log lines by kind ('connect() failed (111: Connection refused) while connecting to
 * upstream': 12, ...), without times and connection numbers: also in a run with nothing failed they
 * show which races happened to a request nginx could still pass to another hub.
 */
export function summarizeErrorLog(errorLog: string): string {
  const kinds = new Map<string, number>();
  for (const line of errorLog.split('\n')) {
    const m = /\[(\w+)\] \d+#\d+: \*\d+ (.*?), client: .*request: "(\w+) /.exec(line);
    if (!m) continue;
    const kind = `${m[1]} ${m[2]} (${m[3]})`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds.size ? [...kinds].map(([kind, n]) => `  ${n} x ${kind}`).join('\n') : '  none';
}
