// The Content-Security-Policy of the renderer, one text for both ways it is served: the hub's
// web build (server/plugins/web.ts) and the desktop window (electron/window-security.ts).

/**
 * No remote scripts and no eval. Styles allow 'unsafe-inline' because Fluent UI (Griffel) inserts
 * its style tags at run time. Pictures may be https URLs (spec §9: a profile image path starting
 * with https is used as is) or come from `imageOrigin` (the desktop's hub, whose origin changes
 * with the embedded hub's port); everything else the page needs is in the bundle.
 */
export function contentSecurityPolicy(imageOrigin: string | null): string {
  const img = ["'self'", 'data:', 'blob:', 'https:', ...(imageOrigin ? [imageOrigin] : [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
