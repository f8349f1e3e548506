import { useState } from "react";
import { ApolloProvider } from "@apollo/client/react";
import { BrowserRouter } from "react-router-dom";
import { ThemeProvider } from "styled-components";
import { createApolloClient } from "../lib/apollo";
import { GlobalStyle } from "../styles/GlobalStyle";
import { theme } from "../styles/theme";
import { AppShell } from "./AppShell";

export function App() {
  const [client] = useState(createApolloClient);
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
