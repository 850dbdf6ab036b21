/** The soak's progress lines on stdout. */
export const log = (message: string): void => console.log(`[soak] ${message}`);
