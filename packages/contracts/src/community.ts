import { z } from 'zod';
import { envelope } from './envelope';

/**
 * The platform's community (docs/decisions/0088-university-and-community.md): the external site that 'Join
 * Community' opens, and any further places the operator lists (COMMUNITY_URL, COMMUNITY_LINKS on the server).
 */

export const communityLinkSchema = z.object({ label: z.string(), url: z.string() });
export type CommunityLink = z.infer<typeof communityLinkSchema>;

export const communityData = z.object({
  /** The community site: the profile menu's 'Join Community'. */
  url: z.string(),
  /** Other places the operator lists (a chat group, a social account), in the order configured. */
  links: z.array(communityLinkSchema),
});
export type CommunityData = z.infer<typeof communityData>;

export const communityResponse = envelope(communityData);

export const communityMessages = { loaded: 'Community links loaded.' } as const;
