import { useQuery } from '@tanstack/react-query';
import { deletedResponseSchema, jobListResponseSchema, jobSavedResponseSchema, type AdminJob, type JobBody } from '../../../../shared/api/admin';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import { hubCall } from '../../../lib/api';
import { useAdminMutation } from './admin-mutation';
import type { NamedData } from './named-data';

export const JOBS_KEY = ['job'] as const;
/** the directory's and the member dialog's job choices (people feature) */
const JOB_TITLES_KEY = ['user', 'job-titles'] as const;

export function useJobs() {
  return useQuery({ queryKey: [...JOBS_KEY, 'list'], queryFn: () => hubCall(jobListResponseSchema.shape.data, 'GET', '/job') });
}

export function useCreateJob() {
  return useAdminMutation((body: JobBody) => hubCall(jobSavedResponseSchema.shape.data, 'POST', '/job', { body }), {
    toast: PEOPLE_TOASTS.jobAdded, invalidate: [JOBS_KEY, JOB_TITLES_KEY],
  });
}

export function useUpdateJob() {
  return useAdminMutation(({ id, ...body }: JobBody & { id: number }) => hubCall(jobSavedResponseSchema.shape.data, 'PUT', `/job/${id}`, { body }), {
    toast: PEOPLE_TOASTS.jobUpdated, invalidate: [JOBS_KEY, JOB_TITLES_KEY, ['admin', 'users']],
  });
}

export function useDeleteJob() {
  return useAdminMutation((id: number) => hubCall(deletedResponseSchema.shape.data, 'DELETE', `/job/${id}`), {
    toast: PEOPLE_TOASTS.jobDeleted, invalidate: [JOBS_KEY, JOB_TITLES_KEY],
  });
}

/** The Roles (jobs) tab's list and changes; a job has a name only. */
export function useJobsTable(): NamedData<AdminJob, JobBody> {
  const query = useJobs();
  const create = useCreateJob();
  return {
    query, items: query.data?.jobs, update: useUpdateJob(), remove: useDeleteJob(), body: ({ name }) => ({ name }),
    create: { mutateAsync: async (body) => (await create.mutateAsync(body)).job, isPending: create.isPending },
  };
}
