import type { DbOrTx } from '../../db/client';
import { ACTIVITY_LIMITS, ActivityRecorder } from './activity-recorder';
import { apiTokenActivity } from './api-tokens-schema';

// Settings → API tokens' 'Last used': at most once a minute per token on each hub, in a table of
// its own so that a use never flushes the session cache (api_tokens notifies, api_token_activity does not).

async function writeApiTokenActivity(db: DbOrTx, tokenId: number, address: string, at: Date): Promise<void> {
  await db
    .insert(apiTokenActivity)
    .values({ tokenId, lastUsedAt: at, lastAddress: address })
    .onConflictDoUpdate({ target: apiTokenActivity.tokenId, set: { lastUsedAt: at, lastAddress: address } });
}

export class ApiTokenActivity extends ActivityRecorder {
  constructor(limits = ACTIVITY_LIMITS) {
    super(writeApiTokenActivity, limits);
  }
}
