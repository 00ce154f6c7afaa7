import { createContext, useContext } from 'react';

const TitleProfile = createContext<string | null>(null);

/** Provides the profile the window title names: a profile other than the Sandbox, or null. */
export const TitleProfileProvider = TitleProfile.Provider;

/**
 * The window title (Electron's window follows `document.title`), one pattern on every screen:
 * "<screen and what it shows> – <profile, unless the Sandbox> – Feed Desk",
 * e.g. "Journal – 3 need attention – Live – Feed Desk".
 */
export function ScreenTitle({ children }: { children: string }) {
  const profile = useContext(TitleProfile);
  return <title>{[children, profile, 'Feed Desk'].filter(Boolean).join(' – ')}</title>;
}
