import type { ProfileView } from '@shared/ipc/contract';
import { DEFAULT_PROFILE_COLOUR, type ProfileColour } from '@shared/profile/colours';

/** The palette's names, as Settings offers them. */
export const COLOUR_NAMES: Record<ProfileColour, string> = {
  red: 'Red',
  orange: 'Orange',
  green: 'Green',
  blue: 'Blue',
  purple: 'Purple',
  grey: 'Grey',
};

/** The colour a profile wears: none for the built-in Sandbox, its chosen one (or red) for any other. */
export function profileColour(view: ProfileView | undefined): ProfileColour | null {
  if (!view || view.builtIn) return null;
  return view.profile.colour ?? DEFAULT_PROFILE_COLOUR;
}

/**
 * A band across the top of every screen while a profile other than the Sandbox is in use: its
 * colour, its name and where entries go, so nobody keys training data into a live service.
 */
export function ProfileBand({ view }: { view: ProfileView | undefined }) {
  const colour = profileColour(view);
  if (!view || !colour) return null;
  return (
    <p className="profile-band" data-colour={colour} data-testid="profile-band">
      Profile <strong>{view.profile.name}</strong>: entries go to {view.profile.baseUrl}
    </p>
  );
}
