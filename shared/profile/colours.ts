/**
 * The colours a profile other than the Sandbox can wear in the top bar and Settings, so nobody keys
 * training data into a live service or the reverse. A small named palette: each keeps white text readable.
 */
export const PROFILE_COLOURS = ['red', 'orange', 'green', 'blue', 'purple', 'grey'] as const;
/** One of PROFILE_COLOURS. */
export type ProfileColour = (typeof PROFILE_COLOURS)[number];
/** The colour of a profile that has none chosen yet: the warning one. */
export const DEFAULT_PROFILE_COLOUR: ProfileColour = 'red';
