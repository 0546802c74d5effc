import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

/**
 * A link to a screen of the app, in the theme's link colours (light, dark, high contrast): a bare
 * router link is the browser's own blue. It is a real link: a plain click moves within the app,
 * a middle or modified click does what the browser does with any link.
 */
export function AppLink({ to, state, className, children }: { to: To; state?: unknown; className?: string; children: ReactNode }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  return <Link href={href} className={className} onClick={(event: MouseEvent<HTMLAnchorElement>) => navigate(event)}>{children}</Link>;
}
