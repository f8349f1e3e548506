import { ApolloClient, ApolloLink } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, type InitialEntry } from "react-router-dom";
import { Observable } from "rxjs";
import { ThemeProvider } from "styled-components";
import { AppShell } from "../app/AppShell";
import type { SessionUserFragment } from "../gql/graphql";
import { createCache } from "../lib/apollo";
import { theme } from "../styles/theme";

/** Answers one operation: return `{ data }` (or a promise of it, or for a subscription an rxjs Observable of them), or throw to fail the request. */
export type Handler = (variables: Record<string, unknown>) => unknown;
export interface Call {
  operationName: string;
  variables: Record<string, unknown>;
}

/** An Apollo client whose link answers each operation by name and records what was sent. */
export function createTestClient(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const operationName = operation.operationName ?? "";
        calls.push({ operationName, variables: operation.variables });
        const handler = handlers[operationName];
        if (!handler) {
          // Subscriptions without a handler stay open and silent, like a quiet server.
          if (operation.operationType === "subscription") return;
          observer.error(new Error(`No test handler for ${operationName}`));
          return;
        }
        let inner: { unsubscribe(): void } | undefined;
        Promise.resolve()
          .then(() => handler(operation.variables))
          .then(
            (result) => {
              // A subscription's handler may answer a stream of results (the test pushes each).
              if (result instanceof Observable) {
                inner = (result as Observable<ApolloLink.Result>).subscribe(observer);
                return;
              }
              observer.next(result as ApolloLink.Result);
              observer.complete();
            },
            (error: unknown) => observer.error(error),
          );
        return () => inner?.unsubscribe();
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  return { client, calls };
}

export function user(overrides: Partial<SessionUserFragment> = {}) {
  return {
    __typename: "User" as const,
    id: 7,
    phone: "5511987654321",
    email: null,
    plan: "nobreza" as const,
    profileComplete: true,
    fullName: "Ana Souza",
    nickname: "Ana",
    isSuperuser: false,
    referralCode: "kc7",
    ...overrides,
  };
}

export const meIs = (value: ReturnType<typeof user> | null): Handler => () => ({ data: { me: value } });

export function withProviders(ui: ReactNode, handlers: Record<string, Handler>, route: InitialEntry = "/") {
  const { client, calls } = createTestClient(handlers);
  const utils = render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <ThemeProvider theme={theme}>{ui}</ThemeProvider>
      </MemoryRouter>
    </ApolloProvider>,
  );
  return { ...utils, client, calls };
}

/**
 * Renders the whole app shell at a route (an address, or a location with the router's state), with
 * `beside` rendered next to it inside the same router (a probe of the address, say).
 */
export function renderApp(route: InitialEntry, handlers: Record<string, Handler>, beside?: ReactNode) {
  return withProviders(
    <>
      <AppShell />
      {beside}
    </>,
    handlers,
    route,
  );
}

/** The toast region, where Radix renders the toast on screen. */
export async function findToastRegion() {
  return screen.findByRole("region", { name: /Notificações/ });
}

export async function findToast(text: string | RegExp) {
  return within(await findToastRegion()).findByText(text);
}

/**
 * Waits until a person could press `element`: while a dialog takes over from another one, Radix keeps
 * the page (and a layer not yet on top) at `pointer-events: none` for a moment, and a click then would
 * be refused by user-event as a person's would go nowhere.
 */
export async function pressable(element: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => {
    // The nearest element that says anything about pointer events decides, as in the browser.
    for (let node: HTMLElement | null = element; node; node = node.parentElement) {
      const value = getComputedStyle(node).pointerEvents;
      if (value === "none") throw new Error(`${element.textContent} cannot be pressed yet`);
      if (value) return;
    }
  });
  return element;
}
