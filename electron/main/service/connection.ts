import type { Profile } from '@shared/profile/schema';
import type { FeedClient } from './feed-client';
import type { TokenProvider } from './token-provider';

/** A profile made ready to talk to its service: resolved URL, token provider, feed client. */
export interface Connection {
  profile: Profile;
  baseUrl: string;
  tokens: TokenProvider;
  feed: FeedClient;
}
