import type { Services } from "../services.js";
import { DEMO_SUPERUSER_PHONE, seedDemo } from "./demo.js";

/**
 * The first start on an empty embedded database fills it with the demo club, so a new person
 * sees a living board at once. PostgreSQL is seeded only when asked (SEED_DEMO=always).
 */
export async function seedIfEmpty(services: Services, mode: "auto" | "never" | "always") {
  if (mode === "never") return;
  if (mode === "auto" && services.config.DATABASE_URL) return;
  if ((await services.prisma.user.count()) > 0) return;
  const started = Date.now();
  const counts = await seedDemo(services.prisma);
  services.log.info(
    { ...counts, ms: Date.now() - started },
    `dados de demonstração criados; superusuária de demonstração: +${DEMO_SUPERUSER_PHONE}`,
  );
}
