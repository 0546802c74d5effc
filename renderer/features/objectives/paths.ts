import { PATHS } from '../../lib/paths';

/** spec §2: /objective-tracking/objective-details?id= */
export const detailsPath = (id: number) => `${PATHS.objectiveDetails}?id=${id}`;
