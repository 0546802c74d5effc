import { useId, type ReactNode } from 'react';
import { Badge, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { Link } from '../../../shared/api/links';
import { FALLBACK_TEXT } from '../../../shared/rules/people-messages';
import { useHubImage } from '../hub-image';

// A link as a card (spec §2: the dashboard's cards and the admin Links tab's card grid).

/**
 * The hub path of a link's picture; the version in it lets the browser (and the desktop's image
 * cache, useHubImage) keep it until the picture changes.
 */
export function linkPicturePath(link: Pick<Link, 'id' | 'pictureVersion'>): string | null {
  if (!link.pictureVersion) return null;
  return `/link/${link.id}/picture?v=${encodeURIComponent(link.pictureVersion)}`;
}

export function linkInitials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('');
}

const useStyles = makeStyles({
  // a link's name and description may hold a long word (a pasted URL)
  card: { width: '100%', height: '100%', boxSizing: 'border-box', overflowWrap: 'anywhere' },
  picture: {
    width: '56px', height: '56px', borderRadius: tokens.borderRadiusMedium, objectFit: 'cover', flexShrink: 0,
    display: 'flex', alignItems: 'center', justifyContent: 'center',
    backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500,
  },
  description: {
    color: tokens.colorNeutralForeground2, overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical',
  },
  fallback: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  deleted: { opacity: 0.6 },
  // read by screen readers, not shown: the card's own text is its name (WCAG 2.5.3 label in name)
  hint: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

export function LinkPicture({ link, size = 56 }: { link: Pick<Link, 'id' | 'name' | 'pictureVersion'>; size?: number }) {
  const styles = useStyles();
  const src = useHubImage(linkPicturePath(link));
  const style = { width: size, height: size, fontSize: size / 2.6 };
  if (src) return <img className={styles.picture} style={style} src={src} alt="" />;
  return <span className={styles.picture} style={style} aria-hidden="true">{linkInitials(link.name)}</span>;
}

interface Props {
  link: Link;
  /** the dashboard opens the URL; the admin grid passes nothing and shows actions instead */
  onOpen?: (link: Link) => void;
  actions?: ReactNode;
}

/** What a screen reader adds to a dashboard card: where Enter takes the person. */
export const LINK_OPENS_HINT = 'Opens in your browser';

export function LinkCard({ link, onOpen, actions }: Props) {
  const styles = useStyles();
  const deleted = link.status === 'deleted';
  const hintId = useId();
  return (
    <>
    {onOpen && <span id={hintId} className={styles.hint}>{LINK_OPENS_HINT}</span>}
    <Card
      className={deleted ? `${styles.card} ${styles.deleted}` : styles.card}
      onClick={onOpen ? () => onOpen(link) : undefined}
      // an opening card is a link for keyboards and screen readers: Enter opens it too
      role={onOpen ? 'link' : undefined}
      onKeyDown={onOpen ? (event) => { if (event.key === 'Enter') { event.preventDefault(); onOpen(link); } } : undefined}
      aria-describedby={onOpen ? hintId : undefined}
      data-testid="link-card"
    >
      <CardHeader
        image={<LinkPicture link={link} />}
        header={<Text weight="semibold" size={400}>{link.name}</Text>}
        description={deleted ? <Badge appearance="tint" color="danger">Deleted</Badge> : undefined}
        action={actions ? <span onClick={(e) => e.stopPropagation()}>{actions}</span> : undefined}
      />
      {link.description
        ? <Text className={styles.description}>{link.description}</Text>
        : <Text className={`${styles.description} ${styles.fallback}`}>{FALLBACK_TEXT.noLinkDescription}</Text>}
    </Card>
    </>
  );
}
