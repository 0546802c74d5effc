import { useQuery } from '@tanstack/react-query';
import { linkListResponseSchema, linkSavedResponseSchema, type LinkBody } from '../../../../shared/api/links';
import { TOAST_TEXT } from '../../../../shared/rules/messages';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { hubCall } from '../../../lib/api';
import { useAdminMutation } from './admin-mutation';

/** ['link'] is also the prefix of the dashboard's list, which a change reloads too. */
export const LINKS_KEY = ['link'] as const;
const saved = linkSavedResponseSchema.shape.data;

export function useAllLinks() {
  return useQuery({ queryKey: [...LINKS_KEY, 'all'], queryFn: () => hubCall(linkListResponseSchema.shape.data, 'GET', '/link', { query: { all: true } }) });
}

/** The link, then its picture when one was chosen: the spec's toast follows both. */
export interface LinkSave {
  id?: number;
  body: LinkBody;
  /** base64 of a checked png or jpeg */
  picture?: string;
}

async function saveLink({ id, body, picture }: LinkSave) {
  const { link } = await hubCall(saved, id ? 'PUT' : 'POST', id ? `/link/${id}` : '/link', { body });
  if (!picture) return link;
  return (await hubCall(saved, 'PUT', `/link/${link.id}/picture`, { body: { image: picture } })).link;
}

export function useCreateLink() {
  // spec §8 names no 'link added' toast; 'Successful' is the general one
  return useAdminMutation(saveLink, { toast: TOAST_TEXT.success, invalidate: [LINKS_KEY] });
}

export function useUpdateLink() {
  return useAdminMutation(saveLink, { toast: PEOPLE_TOASTS.linkUpdated, invalidate: [LINKS_KEY] });
}

export function useDeleteLink() {
  return useAdminMutation((id: number) => hubCall(saved, 'DELETE', `/link/${id}`), { toast: PEOPLE_TOASTS.linkDeleted, invalidate: [LINKS_KEY] });
}

export function useRestoreLink() {
  return useAdminMutation((id: number) => hubCall(saved, 'PATCH', `/link/${id}/restore`), { toast: PEOPLE_TOASTS.linkRestored, invalidate: [LINKS_KEY] });
}
