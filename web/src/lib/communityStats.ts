import { graphql } from "../gql";

/**
 * The club's counters (members, collabs, permutas, apoios): the home page's hero shows them
 * (features/home) and the board asks for them again when its offers change (features/offers).
 */
export const CommunityStatsDocument = graphql(`
  query CommunityStats {
    communityStats {
      totalMembers
      totalCollabs
      totalPermutas
      totalApoios
    }
  }
`);
