import { ERASURE_MESSAGES, erasureResponseSchema } from '../../../../shared/api/personal-data-erasure';
import { hubCall } from '../../../lib/api';
import { useAdminMutation } from './admin-mutation';
import { ADMIN_USERS_KEY } from './users';

/** DELETE /admin/users/:id/personal-data; the row then reads 'Former employee #id'. */
export function useErasePersonalData() {
  return useAdminMutation(
    (userId: number) => hubCall(erasureResponseSchema.shape.data, 'DELETE', `/admin/users/${userId}/personal-data`),
    // the profile and directory answers held the name
    { toast: ERASURE_MESSAGES.erased, invalidate: [ADMIN_USERS_KEY, ['user']] },
  );
}
