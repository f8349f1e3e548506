import { describe, expect, it } from "vitest";
import { createCache } from "../../lib/apollo";
import { NotificationCentreDocument } from "./documents";
import { writeRead } from "./centreCache";

const entry = (readAt: string | null, createdAt = "2026-11-28T15:00:00.000Z") => ({
  __typename: "Notification" as const,
  id: 7,
  type: "new_message" as const,
  title: "Nova mensagem de Ana",
  body: "Na conversa sobre “Bazar”.",
  link: "/mensagens/3",
  createdAt,
  readAt,
});
const page = (item: ReturnType<typeof entry>, unread: number) => ({
  notificationCentre: { __typename: "NotificationCentre" as const, items: [item], unread, nextCursor: null },
});

describe("the cache of 'Avisos'", () => {
  it("keeps an entry she read against a page answered late about the same event, and makes it unread for a new one", () => {
    const cache = createCache();
    const write = (data: ReturnType<typeof page>) => cache.writeQuery({ query: NotificationCentreDocument, variables: { after: null }, data });
    const readAt = () => cache.readQuery({ query: NotificationCentreDocument, variables: { after: null } })?.notificationCentre;
    write(page(entry(null), 1));
    writeRead(cache, "all", 0, "2026-11-28T15:01:00.000Z");
    // A load asked before she pressed 'Marcar todas como lidas' answers after it.
    write(page(entry(null), 1));
    const kept = readAt();
    expect(kept?.__typename === "NotificationCentre" && kept.items[0]?.readAt).toBe("2026-11-28T15:01:00.000Z");
    // A new message rewrote the entry (a later createdAt): unread again, as the server says.
    write(page(entry(null, "2026-11-28T15:05:00.000Z"), 1));
    const fresh = readAt();
    expect(fresh?.__typename === "NotificationCentre" && fresh.items[0]?.readAt).toBeNull();
  });
});
