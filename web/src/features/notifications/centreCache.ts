import type { ApolloCache, Reference } from "@apollo/client";
import type { NotificationFieldsFragment } from "../../gql/graphql";
import { rememberRead } from "../../lib/apollo";
import { NotificationFieldsFragment as Fields, NotificationUnreadDocument } from "./documents";

type Centre = { __typename?: string; items?: readonly Reference[]; unread?: number };

/** Sets her unread count in the one cached centre (written if the bell has not asked yet). */
function setCentre(cache: ApolloCache, unread: number, items?: (current: readonly Reference[]) => readonly Reference[]) {
  const changed = cache.modify<{ notificationCentre: Centre }>({
    id: "ROOT_QUERY",
    fields: {
      notificationCentre: (existing) => {
        const centre = existing as Centre | undefined;
        if (centre?.__typename !== "NotificationCentre") return existing;
        return { ...centre, unread, ...(items && centre.items ? { items: items(centre.items) } : {}) } as typeof existing;
      },
    },
  });
  if (!changed) {
    cache.writeQuery({ query: NotificationUnreadDocument, data: { notificationCentre: { __typename: "NotificationCentre", unread } } });
  }
}

/** A change told by the server: the entry added or updated goes to the top of the list, the count follows. */
export function writeCentreChange(cache: ApolloCache, change: { entry?: NotificationFieldsFragment | null; unread: number }) {
  const { entry } = change;
  if (!entry) return setCentre(cache, change.unread);
  const ref = cache.writeFragment({ fragment: Fields, fragmentName: "NotificationFields", data: entry });
  setCentre(cache, change.unread, (items) => (ref ? [ref, ...items.filter((item) => item.__ref !== ref.__ref)] : items));
}

/** Entries she read here (some, or every loaded one), with the count the server answered. */
export function writeRead(cache: ApolloCache, ids: readonly number[] | "all", unread: number, readAt = new Date().toISOString()) {
  const mark = (id: number) =>
    cache.modify({
      id: cache.identify({ __typename: "Notification", id }),
      fields: {
        readAt: (value, { readField }) => {
          rememberRead(cache, id, readField("createdAt"), readAt);
          return value ?? readAt;
        },
      },
    });
  const chosen: number[] = ids === "all" ? [] : [...ids];
  if (ids === "all") {
    cache.modify<{ notificationCentre: Centre }>({
      id: "ROOT_QUERY",
      fields: {
        notificationCentre: (existing, { readField }) => {
          for (const item of (existing as Centre | undefined)?.items ?? []) {
            const id = readField<number>("id", item);
            if (typeof id === "number") chosen.push(id);
          }
          return existing;
        },
      },
    });
  }
  chosen.forEach(mark);
  setCentre(cache, unread);
}
