import { Client, InvalidCredentialsError, NoSuchObjectError, InvalidDNSyntaxError, type Entry } from 'ldapts';
import type { LdapLoginBody, LoginMethod } from '../../../../shared/api/sso';
import type { LoginResult } from '../../../../shared/api/auth';
import { SSO_MESSAGES } from '../../../../shared/api/sso';
import { LOGIN_MESSAGES } from '../../../../shared/rules/messages';
import type { Db } from '../../../db/client';
import { badRequest, HttpError, unauthorized } from '../../../http-errors';
import { isLimited, recentFailures, tooManyAttempts } from '../login';
import type { LdapConfig, SsoConfig } from './config';
import { bindDnFor, searchFilterFor } from './ldap-escape';
import type { SessionOrigin } from '../sessions';
import { recordLoginEvent, signInExternal, type ExternalIdentity } from './sign-in';

// Sign-in with the company directory's password (an LDAP simple bind, ldapts).
// A wrong password and an unknown user answer exactly like local sign-in, and count towards the
// same rate limits (login_events rows per username and per address).

const METHOD: LoginMethod = 'ldap';

/** Thrown by ldapLookup for "no such person or wrong password": one answer for both. */
export class WrongCredentials extends Error {}

function firstValue(entry: Entry, attribute: string): string | undefined {
  // ldapts keys attributes as the server spelled them; match them case-insensitively
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const raw = key ? entry[key] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
}

/** Binds as the person and reads their entry; WrongCredentials for any "no". */
export async function ldapLookup(config: LdapConfig, username: string, password: string): Promise<ExternalIdentity> {
  // An empty password is an unauthenticated bind, which servers accept: never a sign-in.
  if (!password) throw new WrongCredentials();
  const client = new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.timeoutMs });
  const attributes = [config.emailAttribute, config.nameAttribute, config.usernameAttribute];
  try {
    let entry: Entry | undefined;
    if (config.bindDnTemplate) {
      const dn = bindDnFor(config.bindDnTemplate, username);
      await client.bind(dn, password);
      ({ searchEntries: [entry] } = await client.search(dn, { scope: 'base', attributes }));
    } else {
      if (config.searchBindDn) await client.bind(config.searchBindDn, config.searchBindPassword ?? '');
      const filter = searchFilterFor(config.searchFilter, username);
      const { searchEntries } = await client.search(config.searchBase ?? '', { scope: 'sub', filter, attributes, sizeLimit: 2 });
      // two people matching one username is a directory mistake: sign in neither
      if (searchEntries.length !== 1) throw new WrongCredentials();
      entry = searchEntries[0];
      await client.bind(entry.dn, password);
    }
    if (!entry) throw new WrongCredentials();
    const email = firstValue(entry, config.emailAttribute);
    if (!email) throw new HttpError(403, [{ message: SSO_MESSAGES.noEmail }]);
    return { email, name: firstValue(entry, config.nameAttribute) ?? email, username: firstValue(entry, config.usernameAttribute) ?? username };
  } catch (error) {
    if (error instanceof WrongCredentials || error instanceof HttpError) throw error;
    if (error instanceof InvalidCredentialsError || error instanceof NoSuchObjectError || error instanceof InvalidDNSyntaxError) throw new WrongCredentials();
    throw new HttpError(503, [{ message: SSO_MESSAGES.directoryUnreachable }]);
  } finally {
    await client.unbind().catch(() => {});
  }
}

export async function signInWithLdap(db: Db, sso: SsoConfig, body: LdapLoginBody, origin: SessionOrigin & { address: string }, now = new Date()): Promise<LoginResult> {
  const { address } = origin;
  if (!sso.ldap) throw badRequest(SSO_MESSAGES.ldapOff);
  const fail = () => recordLoginEvent(db, { username: body.username, address, success: false, userId: null, method: METHOD, now });
  if (isLimited(await recentFailures(db, body.username, address, now))) {
    await fail();
    throw await tooManyAttempts(db, LOGIN_MESSAGES.tooManyAttempts, body.username, address, now);
  }
  let identity: ExternalIdentity;
  try {
    identity = await ldapLookup(sso.ldap, body.username, body.password);
  } catch (error) {
    if (!(error instanceof WrongCredentials)) throw error;
    await fail();
    throw unauthorized(LOGIN_MESSAGES.wrongCredentials);
  }
  // the typed name is what the rate limits count (a success clears its failures); the uid names a new user
  return signInExternal(db, identity, { method: METHOD, address, defaultRole: sso.defaultRole, now, eventUsername: body.username, origin });
}
