/*
 * The club's service worker (spec part 2 §4): the app shell and the static assets for fast repeat
 * visits, and a notice when she is offline with nothing kept. It only ever touches the pages of the
 * app and its static files: /api, /graphql, /chat, /notifications, /healthz, uploads and anything
 * that is not a GET are never intercepted, so no personal data is ever cached.
 *
 * The build (web/vite.config.ts, swBuildPlugin) writes the build id and the shell's files below.
 * The cache name must not contain the product's name nor the build tool's: start-up deletes those.
 */
const BUILD_ID = /* build:id */ "dev";
const PRODUCT = /* build:product */ "Clube Coroa";
const SHELL_FILES = /* build:shell */ ["/favicon.svg"];

const CACHE_PREFIX = "cc-shell-";
const CACHE = CACHE_PREFIX + BUILD_ID;
const SHELL_KEY = "/";
const NEVER = /^\/(api|graphql|chat|notifications|healthz|uploads)(\/|$)/;

const OFFLINE_PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sem conexão · ${PRODUCT}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box;background:#faf6f1;color:#2b1d27;font-family:system-ui,sans-serif;text-align:center}
main{max-width:420px;display:flex;flex-direction:column;gap:16px;align-items:center}
h1{margin:0;color:#5b1f45;font-family:Georgia,serif}
p{margin:0;line-height:1.5}
button{min-height:48px;padding:0 24px;border:0;border-radius:999px;background:#5b1f45;color:#fff;font-weight:700;font-size:16px;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>Você está sem conexão</h1>
<p>Não conseguimos abrir o ${PRODUCT} agora. Verifique sua internet e tente novamente.</p>
<button type="button" onclick="location.reload()">Tentar novamente</button>
</main>
</body>
</html>`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The shell is fetched fresh (not from the HTTP cache) so it matches this build's files.
      await cache.addAll([new Request(SHELL_KEY, { cache: "reload" }), ...SHELL_FILES]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

function isHtml(response) {
  return (response.headers.get("content-type") || "").includes("text/html");
}

/** Pages: the network first (a fresh shell is kept), the kept shell when offline, else the notice. */
async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // /auth answers its own prerendered page (issue 14): the shell kept is the one every other address gets.
    const ownPage = new URL(request.url).pathname.replace(/\/+$/, "") === "/auth";
    if (response.ok && response.type === "basic" && isHtml(response) && !ownPage) {
      await cache.put(SHELL_KEY, response.clone()).catch(() => undefined);
    }
    return response;
  } catch {
    const shell = await cache.match(SHELL_KEY);
    return shell || new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

/** Built files have content-hashed names: kept once seen, never asked for again. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/assets/") || SHELL_FILES.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
});

/*
 * Web Push (issue 29). A push ALWAYS shows a notification (browsers revoke the permission of a
 * worker that receives pushes and shows nothing, iOS after a few): the payload's title, body and
 * link, or a generic line when it cannot be read. One notification per link (tag): a newer push of
 * the same conversation, or the same push sent twice, replaces it instead of piling up.
 */
const PUSH_FALLBACK = { title: PRODUCT, body: "Você tem um novo aviso.", link: "/avisos" };

/** Only a path of this app is ever opened. */
function safeLink(link) {
  return typeof link === "string" && link.startsWith("/") && !link.startsWith("//") ? link : "/";
}

self.addEventListener("push", (event) => {
  let data = PUSH_FALLBACK;
  try {
    const parsed = event.data ? event.data.json() : null;
    if (parsed && typeof parsed.title === "string") data = parsed;
  } catch {
    // not JSON: the generic line
  }
  const link = safeLink(data.link);
  event.waitUntil(
    self.registration.showNotification(String(data.title).slice(0, 120) || PRODUCT, {
      body: typeof data.body === "string" ? data.body.slice(0, 240) : "",
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      tag: link,
      renotify: true,
      lang: "pt-BR",
      data: { link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = safeLink(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const target = new URL(link, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab already at the link is focused; else a tab of the app goes there; else a new one opens.
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const any = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (any) {
        await any.focus();
        return any.navigate(target).catch(() => self.clients.openWindow(target));
      }
      return self.clients.openWindow(target);
    })(),
  );
});
