import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// An OpenID Connect sign-in in flight. The hub keeps state, nonce and the PKCE
// code_verifier itself (never in the browser or the desktop app), so the code is only worth
// something to the hub that started the sign-in. Rows live for minutes and are used once.

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const oidcFlows = pgTable('oidc_flows', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** the redirect_uri the authorization request named; the token request must repeat it */
  redirectUri: text('redirect_uri').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
}, (t) => [index('oidc_flows_expires_idx').on(t.expiresAt)]);
