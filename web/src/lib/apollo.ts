import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldFunctionOptions, type Reference } from "@apollo/client";
import { OperationTypeNode } from "graphql";
import { Observable, type Subscription } from "rxjs";
import { possibleTypes } from "./possibleTypes";

export const GRAPHQL_PATH = "/graphql";

/**
 * One client for the whole app. Identity travels only in the server's httpOnly session cookie,
 * which the browser sends on same-origin requests and on the WebSocket handshake.
 */
const connectedListeners = new Set<() => void>();

/**
 * Called each time the subscription socket (re)connects, so screens can fetch what they may have
 * missed while it was down. Returns the unsubscribe function.
 */
export function onSocketConnected(listener: () => void): () => void {
  connectedListeners.add(listener);
  return () => connectedListeners.delete(listener);
}

/** Tells the screens the socket (re)connected (the subscription link calls it; tests too). */
export function notifySocketConnected() {
  connectedListeners.forEach((listener) => listener());
}

type CentrePage = { __typename?: string; items?: Reference[] } & Record<string, unknown>;

/**
 * A later page (`after`) is added below the loaded entries (none twice); the first page replaces
 * them; an answer without items (the bell's count) keeps them.
 */
function mergeNotificationPages(existing: CentrePage | undefined, incoming: CentrePage, { args }: FieldFunctionOptions): CentrePage {
  if (!existing || existing.__typename !== "NotificationCentre" || incoming.__typename !== "NotificationCentre") return incoming;
  if (!args?.after || !incoming.items) return { ...existing, ...incoming };
  const loaded = existing.items ?? [];
  const seen = new Set(loaded.map((ref) => ref.__ref));
  return { ...existing, ...incoming, items: [...loaded, ...incoming.items.filter((ref) => !seen.has(ref.__ref))] };
}

/** Entries of 'Avisos' read on this page, per cache: "id createdAt" (one event of the entry) → when. */
const readHere = new WeakMap<object, Map<string, string>>();

/** Remembers that she read this event of the entry (centreCache's writeRead). */
export function rememberRead(cache: object, id: unknown, createdAt: unknown, readAt: string) {
  let read = readHere.get(cache);
  if (!read) readHere.set(cache, (read = new Map()));
  read.set(`${String(id)} ${String(createdAt)}`, readAt);
}

/**
 * An entry read here stays read against an answer about the same event: a page load asked before
 * she read it can answer after it (readAt null, the same createdAt). A new event rewrites the
 * entry's createdAt, and then it is unread as the server says.
 */
function readAtOfEntry(existing: string | null | undefined, { readField, cache }: FieldFunctionOptions) {
  if (existing) return existing;
  const remembered = readHere.get(cache)?.get(`${String(readField("id"))} ${String(readField("createdAt"))}`);
  return remembered ?? existing;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes,
    // Lists that a newer answer replaces whole (the live banners pushed by bannersUpdated).
    typePolicies: {
      Query: {
        fields: {
          banners: { merge: false },
          adminBanners: { merge: false },
          partnerApiKeys: { merge: false },
          // 'Avisos' (issue 29): one field whatever the page; the bell reads its count, the page its items.
          notificationCentre: { keyArgs: false, merge: mergeNotificationPages },
        },
      },
      Notification: { fields: { readAt: { read: readAtOfEntry } } },
    },
  });
}

export function createApolloClient(): ApolloClient {
  const http = new HttpLink({
    uri: GRAPHQL_PATH,
    credentials: "same-origin",
    // A header a cross-site form cannot set: the server's CSRF guard asks for it.
    headers: { "apollo-require-preflight": "true" },
  });

  // graphql-ws is fetched with the first subscription, not with the first screen (issue 14).
  const ws = new DeferredLink(() =>
    import("./subscriptionLink").then((m) => m.createSubscriptionLink(GRAPHQL_PATH, notifySocketConnected)),
  );

  return new ApolloClient({
    link: ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, ws, http),
    cache: createCache(),
  });
}

/** A terminating link whose code is loaded the first time an operation goes through it. */
class DeferredLink extends ApolloLink {
  private link: Promise<ApolloLink> | null = null;

  constructor(private readonly load: () => Promise<ApolloLink>) {
    super();
  }

  override request(operation: ApolloLink.Operation, forward: ApolloLink.ForwardFunction): Observable<ApolloLink.Result> {
    const loading = (this.link ??= this.load().catch((error: unknown) => {
      this.link = null;
      throw error;
    }));
    return new Observable((observer) => {
      let inner: Subscription | null = null;
      let closed = false;
      loading.then(
        (link) => {
          if (!closed) inner = link.request(operation, forward).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        closed = true;
        inner?.unsubscribe();
      };
    });
  }
}
