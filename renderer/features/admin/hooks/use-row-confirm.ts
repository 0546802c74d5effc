import { useState } from 'react';

type RowAction = 'delete' | 'restore';

export interface RowMutation {
  mutate: (id: number, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * spec §2/§8: a row's Delete (or Restore) asks first; a refusal stays in the same dialog. Returns
 * `ask` for the row buttons and the props of the ConfirmDelete that asks.
 */
export function useRowConfirm<T extends { id: number; name: string }>(entity: string, mutations: { delete: RowMutation; restore?: RowMutation }) {
  const [pending, setPending] = useState<{ item: T; action: RowAction } | null>(null);
  const acting = (pending?.action === 'restore' && mutations.restore) || mutations.delete;
  const ask = (item: T, action: RowAction) => {
    mutations.delete.reset();
    mutations.restore?.reset();
    setPending({ item, action });
  };
  const confirm = {
    open: !!pending,
    title: `${pending?.action === 'restore' ? 'Restore' : 'Delete'} ${entity}`,
    text: pending ? `Are you sure you want to ${pending.action} ${pending.item.name}?` : '',
    busy: acting.isPending,
    error: acting.error,
    onNo: () => setPending(null),
    onYes: () => pending && acting.mutate(pending.item.id, { onSuccess: () => setPending(null) }),
  };
  return { ask, confirm };
}
