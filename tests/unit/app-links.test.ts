import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import {
  APP_LINK_TARGETS,
  appLinkFor,
  appPathFromLink,
  appPathFromShortPath,
  looksLikeAppLink,
  shortPathFromAppPath,
  webLinkFor,
} from '../../shared/rules/app-links';
import { PATHS } from '../../renderer/lib/paths';

// The one table between link paths and the router's paths (shared/rules/app-links.ts).
// Here, rather than beside it, because it holds the table to the router's own paths, which
// shared/ may not import.

describe('app links', () => {
  it('names the screens: an objective, a profile, approvals and the main screens', () => {
    expect(appPathFromLink('bitstone-hub://objective/123')).toBe('/objective-tracking/objective-details?id=123');
    expect(appPathFromLink('bitstone-hub://profile/45')).toBe('/profile/45');
    expect(appPathFromLink('bitstone-hub://approvals')).toBe('/objective-tracking/approvals');
    expect(appPathFromLink('bitstone-hub://dashboard')).toBe('/dashboard');
    expect(appPathFromLink('bitstone-hub://holidays')).toBe('/holidays');
    expect(appPathFromLink('bitstone-hub://objectives')).toBe('/objective-tracking/objectives');
    expect(appPathFromLink('bitstone-hub://team')).toBe('/super-awesome-team');
  });

  it('accepts the largest id a row can have, one trailing slash (Windows adds it) and an upper-case scheme', () => {
    expect(appPathFromLink('bitstone-hub://objective/2147483647')).toBe('/objective-tracking/objective-details?id=2147483647');
    expect(appPathFromLink('bitstone-hub://objective/1/')).toBe('/objective-tracking/objective-details?id=1');
    expect(appPathFromLink('bitstone-hub://approvals/')).toBe('/objective-tracking/approvals');
    expect(appPathFromLink('BITSTONE-HUB://profile/7')).toBe('/profile/7');
    expect(appPathFromLink('Bitstone-Hub://approvals')).toBe('/objective-tracking/approvals');
  });

  it.each([
    ['a zero id', 'bitstone-hub://objective/0'],
    ['a negative id', 'bitstone-hub://objective/-1'],
    ['an exponent', 'bitstone-hub://objective/1e3'],
    ['an id past the integer range', 'bitstone-hub://objective/99999999999'],
    ['an id one past the range', 'bitstone-hub://objective/2147483648'],
    ['a leading zero', 'bitstone-hub://objective/007'],
    ['a decimal', 'bitstone-hub://objective/1.5'],
    ['a sign', 'bitstone-hub://objective/+1'],
    ['spaces', 'bitstone-hub://objective/ 1'],
    ['a missing id', 'bitstone-hub://objective'],
    ['an empty id', 'bitstone-hub://objective/'],
    ['an id where none is taken', 'bitstone-hub://approvals/1'],
    ['a dot segment', 'bitstone-hub://objective/../admin'],
    ['a parent segment first', 'bitstone-hub://../objective/1'],
    ['an escaped slash', 'bitstone-hub://objective%2F1'],
    ['an escaped digit', 'bitstone-hub://objective/%31'],
    ['an extra segment', 'bitstone-hub://objective/1/edit'],
    ['two trailing slashes', 'bitstone-hub://objective/1//'],
    ['a doubled slash', 'bitstone-hub://objective//1'],
    ['a query string', 'bitstone-hub://objective/1?tab=history'],
    ['a query string alone', 'bitstone-hub://approvals?x=1'],
    ['a fragment', 'bitstone-hub://objective/1#top'],
    ['an empty host', 'bitstone-hub:///objective/1'],
    ['no slashes', 'bitstone-hub:objective/1'],
    ['an upper-case screen', 'bitstone-hub://Objective/1'],
    ['an unknown screen', 'bitstone-hub://admin'],
    ['a router path behind the scheme', 'bitstone-hub://objective-tracking/objective-details?id=1'],
    ['nothing', 'bitstone-hub://'],
    ['another scheme', 'https://objective/1'],
    ['a web address', 'https://hub.example/objective/1'],
    ['credentials', 'bitstone-hub://user@objective/1'],
    ['a port', 'bitstone-hub://objective:80/1'],
    ['a very long link', `bitstone-hub://objective/1${'/'.repeat(200)}`],
  ])('refuses %s', (_name, link) => {
    expect(appPathFromLink(link)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(appPathFromLink(undefined)).toBeNull();
    expect(appPathFromLink(123)).toBeNull();
  });

  it('reads the same short paths on the web, with or without the leading slash', () => {
    expect(appPathFromShortPath('/objective/123')).toBe('/objective-tracking/objective-details?id=123');
    expect(appPathFromShortPath('objective/123')).toBe('/objective-tracking/objective-details?id=123');
    expect(appPathFromShortPath('/approvals')).toBe('/objective-tracking/approvals');
    expect(appPathFromShortPath('//objective/1')).toBeNull();
    expect(appPathFromShortPath('/objective/0')).toBeNull();
    expect(appPathFromShortPath('/')).toBeNull();
  });

  it('turns a router path back into a link, and nothing else', () => {
    expect(shortPathFromAppPath('/objective-tracking/objective-details?id=123')).toBe('objective/123');
    expect(shortPathFromAppPath('/profile/45')).toBe('profile/45');
    expect(shortPathFromAppPath('/objective-tracking/approvals')).toBe('approvals');
    expect(shortPathFromAppPath('/objective-tracking/objective-details?id=123&x=1')).toBeNull();
    expect(shortPathFromAppPath('/objective-tracking/objective-details?id=')).toBeNull();
    expect(shortPathFromAppPath('/objective-tracking/approvals?x=1')).toBeNull();
    expect(shortPathFromAppPath('/profile/0')).toBeNull();
    expect(shortPathFromAppPath('/admin')).toBeNull();
    expect(appLinkFor('/objective-tracking/objective-details?id=123')).toBe('bitstone-hub://objective/123');
    expect(appLinkFor('/admin')).toBeNull();
    expect(webLinkFor('https://hub.example/', '/profile/45')).toBe('https://hub.example/profile/45');
    expect(webLinkFor('http://127.0.0.1:4000', '/objective-tracking/approvals')).toBe('http://127.0.0.1:4000/approvals');
  });

  it('a link and its router path go round unchanged', () => {
    for (const target of APP_LINK_TARGETS) {
      const link = appLinkFor(target);
      expect(link, target).not.toBeNull();
      expect(appPathFromLink(link)).toBe(target);
    }
  });

  it('every router path a link names is one of the router’s routes', () => {
    const routes = Object.values(PATHS).map((path) => ({ path }));
    for (const target of APP_LINK_TARGETS) {
      const pathname = target.split('?')[0];
      const matched = matchRoutes(routes, pathname)?.[0]?.route.path;
      expect(matched, target).toBeDefined();
      expect(matched, target).not.toBe(PATHS.home);
    }
  });

  it('knows a command-line argument meant as a link, whatever its case', () => {
    expect(looksLikeAppLink('bitstone-hub://objective/1')).toBe(true);
    expect(looksLikeAppLink('BITSTONE-HUB://nonsense')).toBe(true);
    expect(looksLikeAppLink('--flag')).toBe(false);
    expect(looksLikeAppLink('/usr/bin/bitstone-hub')).toBe(false);
  });
});
