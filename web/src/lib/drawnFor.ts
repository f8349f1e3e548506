import { createContext, useContext } from "react";

/**
 * Whom the server drew `/` for (graphql-server/src/first-screen.ts): a request with a session cookie
 * gets the members' layout, which is what her page becomes once she is known. React's first render
 * draws the page the same way, so it takes the drawn page over as it is, and nothing jumps when the
 * session is read. The browser reads it from #root (data-drawn-for); the server passes it in.
 */
export type DrawnFor = "visitor" | "member";

/** What the page's #root says (anything but a member's page is a visitor's). */
export function drawnForOfPage(): DrawnFor {
  return typeof document !== "undefined" && document.getElementById("root")?.dataset.drawnFor === "member" ? "member" : "visitor";
}

const DrawnForContext = createContext<DrawnFor>(drawnForOfPage());

export const DrawnForProvider = DrawnForContext.Provider;

export function useDrawnFor(): DrawnFor {
  return useContext(DrawnForContext);
}
