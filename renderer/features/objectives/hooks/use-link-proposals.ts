import { useCreateLink } from '../api/alignment';
import type { SupportCandidate } from '../components/SupportsPicker';
import { linkErrorText } from '../components/link-errors';

export interface ProposalResult {
  /** the parents the hub refused, left in the picker */
  left: SupportCandidate[];
  /** each refusal with the hub's message, for beside the picker */
  error?: string;
}

/**
 * Proposes a link to each chosen parent in turn (the hub counts the five and checks
 * cycles one link at a time), keeping what it refused with its message.
 */
export function useLinkProposals() {
  const link = useCreateLink();
  return async (objectiveId: number, parents: readonly SupportCandidate[], keyResultId?: number): Promise<ProposalResult> => {
    const left: SupportCandidate[] = [];
    const messages: string[] = [];
    for (const parent of parents) {
      try {
        await link.mutateAsync({ objectiveId, parentId: parent.id, keyResultId });
      } catch (failure) {
        left.push(parent);
        messages.push(`${parent.title}: ${linkErrorText(failure)}`);
      }
    }
    return { left, error: messages.length > 0 ? messages.join(' ') : undefined };
  };
}
