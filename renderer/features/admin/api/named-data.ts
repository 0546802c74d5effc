import type { NamedValues } from '../components/NamedDialog';
import type { RowMutation } from '../hooks/use-row-confirm';

/** A team or a job as its tab shows it. */
export interface Named {
  id: number;
  name: string;
  technology?: string;
}

/** What a Teams or Roles (jobs) tab lists and how it changes it. */
export interface NamedData<T extends Named, B> {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  items: T[] | undefined;
  /** answers with what was made, so the table can show it */
  create: { mutateAsync: (body: B) => Promise<{ id: number }>; isPending: boolean };
  update: { mutateAsync: (body: B & { id: number }) => Promise<unknown>; isPending: boolean };
  remove: RowMutation;
  /** the hub's body from the dialog's values */
  body: (values: NamedValues) => B;
}

