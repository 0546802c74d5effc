import { sessionActivity } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { ACTIVITY_LIMITS, ActivityRecorder } from './activity-recorder';

// Settings → Sessions: when and where each session was last used. Written to its own
// table (session_activity), because any write to `sessions` flushes every hub's session cache
// (migration 0006).

export { ACTIVITY_LIMITS };

async function writeSessionActivity(db: DbOrTx, sessionId: number, address: string, at: Date): Promise<void> {
  await db
    .insert(sessionActivity)
    .values({ sessionId, lastSeenAt: at, lastAddress: address })
    .onConflictDoUpdate({ target: sessionActivity.sessionId, set: { lastSeenAt: at, lastAddress: address } });
}

export class SessionActivity extends ActivityRecorder {
  constructor(limits = ACTIVITY_LIMITS) {
    super(writeSessionActivity, limits);
  }
}
