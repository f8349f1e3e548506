#!/usr/bin/env node
// `npm run dev`: the server with reload (tsx watch, :3000) and Vite with hot reload (:5173), together.
import { spawn } from "node:child_process";

const children = [
  // Development shows stack traces in error answers; nothing else does (docs/decisions/0008-graphql.md).
  spawn("npm", ["run", "dev", "-w", "graphql-server"], { stdio: "inherit", env: { NODE_ENV: "development", ...process.env } }),
  spawn("npm", ["run", "dev", "-w", "web"], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) => child.on("exit", (code) => {
  stop();
  process.exitCode = code ?? 0;
}));
