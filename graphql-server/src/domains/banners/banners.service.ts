import type { Bus } from "../../events.js";

export interface BannersDeps {
  bus: Bus;
}

/**
 * The sponsors' banners (spec part 2). For now it carries their real-time signal: every /chat
 * socket is told to refetch them when they change.
 */
export function createBannersService({ bus }: BannersDeps) {
  return {
    /** Every change of the banners, as it happens (one subscription per instance is enough). */
    changes: () => bus.pubsub.subscribe("banners:changed"),
  };
}

export type BannersService = ReturnType<typeof createBannersService>;
