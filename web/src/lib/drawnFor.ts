import { createContext, useContext } from "react";
import { FIRST_SCREEN_DRAWN_FOR, type DrawnFor } from "@clube-coroa/schema";

/** What the page's #root says (anything but a member's page is a visitor's). */
export function drawnForOfPage(): DrawnFor {
  return typeof document !== "undefined" && document.getElementById("root")?.getAttribute(FIRST_SCREEN_DRAWN_FOR) === "member" ? "member" : "visitor";
}

/**
 * Whom the server drew `/` for (graphql-server/src/first-screen.ts): a request with a session cookie
 * gets the members' layout, which is what her page becomes once she is known. React's first render
 * draws the page the same way, so it takes the drawn page over as it is, and nothing jumps when the
 * session is read. The browser reads it from #root (FIRST_SCREEN_DRAWN_FOR); the server passes it in.
 */
const DrawnForContext = createContext<DrawnFor>(drawnForOfPage());

export const DrawnForProvider = DrawnForContext.Provider;

export function useDrawnFor(): DrawnFor {
  return useContext(DrawnForContext);
}
