import { describe, expect, it } from "vitest";
import { isAppRoute } from "./routes.js";
import { NOTIFICATION_TEXTS } from "./notification-texts.js";
import { NOTIFICATION_TYPES } from "./notifications.js";

describe("the words of 'Avisos'", () => {
  it("has words for every type, each linking to a page of the web app", () => {
    expect(Object.keys(NOTIFICATION_TEXTS).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    const samples = [
      NOTIFICATION_TEXTS.new_message({ senderName: "Ana", offerTitle: "Bolos", conversationId: 3 }),
      NOTIFICATION_TEXTS.new_message({ senderName: "Ana", offerTitle: null, conversationId: 3 }),
      NOTIFICATION_TEXTS.conversation_started({ senderName: "Ana", offerTitle: "Bolos", conversationId: 3 }),
      NOTIFICATION_TEXTS.offer_liked({ offerTitle: "Bolos", offerId: 5, count: 2 }),
      NOTIFICATION_TEXTS.payment_confirmed({ planLabel: "Alteza" }),
      NOTIFICATION_TEXTS.payment_overdue({ planLabel: "Alteza" }),
      NOTIFICATION_TEXTS.plan_changed({ planLabel: "Nobreza", ended: true }),
      NOTIFICATION_TEXTS.report_handled({ dismissed: true }),
      NOTIFICATION_TEXTS.offer_hidden({ offerTitle: "Bolos" }),
      NOTIFICATION_TEXTS.offer_restored({ offerTitle: "Bolos", offerId: 5 }),
      NOTIFICATION_TEXTS.offer_removed({ offerTitle: "Bolos" }),
    ];
    for (const text of samples) {
      expect(text.title.length).toBeGreaterThan(0);
      expect(text.body.length).toBeGreaterThan(0);
      expect(isAppRoute(new URL(text.link, "https://clube.example").pathname), text.link).toBe(true);
    }
    expect(samples[0]).toEqual({ title: "Nova mensagem de Ana", body: "Na conversa sobre “Bolos”.", link: "/mensagens/3" });
  });

  it("counts the likes of a day in Portuguese", () => {
    expect(NOTIFICATION_TEXTS.offer_liked({ offerTitle: "Bolos", offerId: 5, count: 1 }).title).toBe("1 sócia curtiu sua oferta");
    expect(NOTIFICATION_TEXTS.offer_liked({ offerTitle: "Bolos", offerId: 5, count: 3 }).title).toBe("3 sócias curtiram sua oferta");
  });
});
