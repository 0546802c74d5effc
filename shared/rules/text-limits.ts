// The length limits the objective and key-result forms share with the hub's schemas,
// and the counter that says a limit is near before the field stops taking letters.

export const TEXT_LIMITS = { title: 200, description: 5000 } as const;

/** The counter shows from 80 % of the limit on. */
export const nearLimit = (length: number, max: number): boolean => length >= Math.ceil(max * 0.8);

export const lengthText = (length: number, max: number): string => `${length}/${max} characters`;
