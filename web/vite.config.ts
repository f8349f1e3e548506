import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const backend = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached between releases.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: "apollo", test: /node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|optimism|@wry|tslib)[\\/]/ },
            { name: "ui", test: /node_modules[\\/](@radix-ui|styled-components|stylis|@emotion|react-remove-scroll.*|aria-hidden|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/graphql": { target: backend, ws: true, changeOrigin: true },
      "/api": { target: backend, changeOrigin: true },
      "/healthz": { target: backend, changeOrigin: true },
      "/chat": { target: backend, ws: true, changeOrigin: true },
      "/notifications": { target: backend, ws: true, changeOrigin: true },
    },
  },
});
