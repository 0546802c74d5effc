// issue 11 part 2: the typed username goes into an LDAP DN or search filter. Escaped per RFC 4514
// (DN attribute values) and RFC 4515 (filter values), so 'x)(uid=*' finds nobody instead of
// everybody, and 'a,ou=admins' cannot name another branch of the directory.

/** RFC 4515 §3: \ * ( ) and NUL become \XX. */
export function escapeFilterValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\\*()\u0000]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** RFC 4514 §2.4: special characters get a backslash; a leading '#' or space and a trailing space too. */
export function escapeDnValue(value: string): string {
  let escaped = value
    // eslint-disable-next-line no-control-regex
    .replace(/\u0000/g, '\\00')
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`);
  if (/^[ #]/.test(escaped)) escaped = `\\${escaped}`;
  if (/ $/.test(escaped) && !/\\ $/.test(escaped)) escaped = `${escaped.slice(0, -1)}\\ `;
  return escaped;
}

/** Puts the escaped username where the template says {username}. */
export const fillTemplate = (template: string, username: string, escape: (v: string) => string) => template.split('{username}').join(escape(username));
