import { atom } from 'jotai';

/** The header's global search text; the directory and dashboard read it (spec §2). */
export const globalSearchAtom = atom('');
