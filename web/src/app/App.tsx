import { useState } from "react";
import { ApolloProvider } from "@apollo/client/react";
import { BrowserRouter } from "react-router-dom";
import { ThemeProvider } from "styled-components";
import type { ApolloClient } from "@apollo/client";
import { createApolloClient } from "../lib/apollo";
import { GlobalStyle } from "../styles/GlobalStyle";
import { theme } from "../styles/theme";
import { AppShell } from "./AppShell";

/** The app; `client` is the Apollo client main.tsx made before React started (its first requests already sent). */
export function App({ client: early }: { client?: ApolloClient } = {}) {
  const [client] = useState(() => early ?? createApolloClient());
  return (
    <ApolloProvider client={client}>
      <BrowserRouter>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <AppShell />
        </ThemeProvider>
      </BrowserRouter>
    </ApolloProvider>
  );
}
