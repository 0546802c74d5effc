import { keyResultRefusal } from '../../../shared/rules/key-result-rules';

/** spec §5: Add KeyResult is disabled when the hub would refuse a new key result. */
export const canAddKeyResult = (o: { status: string; deadline: string }) => keyResultRefusal(o) === null;
