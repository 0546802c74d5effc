import { Filter } from 'ldapts';

// The typed username goes into an LDAP DN or search filter, escaped so that
// 'x)(uid=*' finds nobody instead of everybody, and 'a,ou=admins' cannot name another branch of
// the directory. Filter values by ldapts' own RFC 4515 escaping (\ * ( ) NUL as \XX).
// DN values stay ours: ldapts escapes them only inside RDN.toString(), which needs the DN built as
// objects (the configured template is a string), leaves NUL as it is, and wraps a leading or
// trailing space in the LDAPv2 quotes that RFC 4514 dropped.

/** RFC 4514 §2.4: special characters get a backslash, NUL is \00; a leading '#' or space and a trailing space too. */
export function escapeDnValue(value: string): string {
  const chars = [...value];
  return chars
    .map((c, i) => {
      if (c === '\u0000') return '\\00';
      if ('\\,+"<>;='.includes(c)) return `\\${c}`;
      if ((c === ' ' && (i === 0 || i === chars.length - 1)) || (c === '#' && i === 0)) return `\\${c}`;
      return c;
    })
    .join('');
}

/** Puts the escaped username where the template says {username}. */
const fillTemplate = (template: string, username: string, escape: (v: string) => string) => template.split('{username}').join(escape(username));

/** The configured search filter (HUB_LDAP_SEARCH_FILTER) with the username as one literal value. */
export const searchFilterFor = (template: string, username: string): string => fillTemplate(template, username, (v) => Filter.escape(v));

/** The configured bind DN (HUB_LDAP_BIND_DN) with the username as one attribute value. */
export const bindDnFor = (template: string, username: string): string => fillTemplate(template, username, escapeDnValue);
