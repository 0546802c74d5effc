import { z } from 'zod';
import { envelope, queryBoolean } from './common';
import { requiredName } from './admin';
import { ENTITY_STATUSES } from '../rules/constants';
import { NAME_MESSAGES } from '../rules/people-messages';

// Links of the dashboard and the admin Links tab (spec §2, §3 Link, §7 createLink).

export const LINK_MESSAGES = {
  url: 'URL is required.',
  urlProtocol: 'Only http and https addresses are allowed.',
  description: 'Description is required.',
  notFound: 'There is no link with this id.',
  notDeleted: 'This link is not deleted.',
  alreadyDeleted: 'This link is already deleted.',
  noPicture: 'This link has no picture.',
} as const;

/** A link card's URL: a `javascript:` or `file:` URL is refused; only http(s) opens in a browser. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const linkBodySchema = z.object({
  name: requiredName(),
  category: requiredText(NAME_MESSAGES.category, 100),
  url: requiredText(LINK_MESSAGES.url, 2000).refine(isWebUrl, LINK_MESSAGES.urlProtocol),
  description: requiredText(LINK_MESSAGES.description, 2000),
  status: z.enum(ENTITY_STATUSES).default('active'),
});
export type LinkBody = z.infer<typeof linkBodySchema>;

export const linkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  status: z.enum(ENTITY_STATUSES),
  category: z.string(),
  /** changes whenever the picture does (a cache key for GET /link/:id/picture); null: none */
  pictureVersion: z.string().nullable(),
});
export type Link = z.infer<typeof linkSchema>;

/** GET /link: active links for everyone; all=true (view-admin) includes deleted ones. */
export const linkListQuerySchema = z.object({ all: queryBoolean.default(false) });
export const linkListResponseSchema = envelope(z.object({ links: z.array(linkSchema) }));
export const linkSavedResponseSchema = envelope(z.object({ link: linkSchema }));

/** PUT /link/:id/picture as JSON (what both transports carry): the image bytes in base64. */
export const linkPictureJsonSchema = z.object({
  image: z.string({ error: 'Please choose a file' }).min(1, 'Please choose a file').max(2_000_000),
});

/** spec §2: the table cuts the description at 100 characters. */
export const DESCRIPTION_CUT = 100;
export function cutDescription(text: string, max = DESCRIPTION_CUT): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
