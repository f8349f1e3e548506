// The session's public face: who she is (or that nobody is signed in), for every other feature.
export { SessionProvider, useSession, type SessionUser } from "./SessionProvider";
export { refreshSession } from "./sessionRefresh";
export { MeDocument } from "./documents";
