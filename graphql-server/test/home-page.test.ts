// `/` with the board's first cards drawn in (first-screen.ts, issue 14). The server loads the web
// build's SSR module from web/dist-ssr; here a module of the same shape draws each card as a line,
// so what is checked is the server's part: the visitor's answer it draws from, the JSON it sends
// with the page, when it draws again, and index.html whenever it cannot draw.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, eventually, startTestApp, type TestApp } from "./harness.js";

const BOARD_QUERY = `query BoardOffers($first: Int) { offers(first: $first) { edges { node { __typename id title isLiked } } } }`;

/** A build's web/dist and web/dist-ssr in a temporary folder; `render` is the SSR module's body. */
function webBuild(render: string) {
  const root = mkdtempSync(join(tmpdir(), "cc-home-"));
  const dist = join(root, "dist");
  const ssr = join(root, "dist-ssr");
  mkdirSync(dist);
  mkdirSync(ssr);
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Mural</title><div id=root><h1>Frame</h1></div>");
  writeFileSync(
    join(ssr, "index.html"),
    "<!doctype html><title>Mural</title><!--ssr:styles--><div id=root data-prerendered=\"/\"><!--ssr:markup--></div><!--ssr:data-->\n</body>",
  );
  writeFileSync(
    join(ssr, "prerender.js"),
    `export const FIRST_SCREEN_QUERY = { query: ${JSON.stringify(BOARD_QUERY)}, variables: { first: 12 }, dataId: "first-screen-data" };
globalThis.__homeDrawings = 0;
export async function render(path, { board, drawnFor }) { globalThis.__homeDrawings += 1; ${render} }`,
  );
  return dist;
}

const DRAW_CARDS = `return {
  html: "<h1>Bem-vinda</h1>" + (drawnFor === "member" ? "<p>compact</p>" : "") + board.offers.edges.map((e) => "<article>" + e.node.title.replace(/</g, "&lt;") + "</article>").join(""),
  css: "<style data-styled>.card{}</style>",
  data: { ROOT_QUERY: { board } },
};`;

const offer = (title: string) => ({
  postType: "oferta",
  type: "apoio",
  title,
  description: "Ofereço duas horas de mentoria sobre redes sociais para quem está começando.",
  categories: ["Marketing"],
  isUrgent: false,
});
const CREATE = `mutation($input: OfferInput!) { createOffer(input: $input) { __typename ... on Offer { id } } }`;

const drawings = () => (globalThis as { __homeDrawings?: number }).__homeDrawings ?? 0;
const home = async (t: TestApp, path = "/", headers: Record<string, string> = {}) => {
  const response = await fetch(`${t.url}${path}`, { headers });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), html: await response.text() };
};
/** The JSON block the page carries, parsed. */
function pageData(html: string) {
  const block = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block![1]) as { ROOT_QUERY: { board: { offers: { edges: { node: { title: string; isLiked: boolean } }[] } } } };
}

describe("/ with the board drawn in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEB_DIST: webBuild(DRAW_CARDS), SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  });
  afterAll(() => t?.close());

  it("draws the board's first page as a visitor sees it, and sends that answer with the page", async () => {
    const { client } = await createMember(t, "5531977");
    expect((await client.gql(CREATE, { input: offer("Mentoria de Instagram para artesãs") })).body.data.createOffer.__typename).toBe("Offer");
    const page = await home(t);
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe("no-cache");
    expect(page.html).toContain("<article>Mentoria de Instagram para artesãs</article>");
    expect(page.html).toContain('<style data-styled>.card{}</style><div id=root data-prerendered="/"><h1>Bem-vinda</h1>');
    const data = pageData(page.html);
    expect(data.ROOT_QUERY.board.offers.edges.map((e) => e.node)).toEqual([{ __typename: "Offer", id: expect.any(Number), title: "Mentoria de Instagram para artesãs", isLiked: false }]);
  });

  it("draws once per change of the board, however many ask at once, and shows a new offer to the next visitor", async () => {
    await home(t);
    const before = drawings();
    const pages = await Promise.all(Array.from({ length: 20 }, () => home(t)));
    expect(new Set(pages.map((p) => p.html)).size).toBe(1);
    expect(drawings()).toBe(before);

    const { client } = await createMember(t, "5531978");
    await client.gql(CREATE, { input: offer("Troco fotos de produto por consultoria de vitrine") });
    await eventually(async () => (await home(t)).html.includes("Troco fotos de produto por consultoria de vitrine"), 3000, "the new offer on /");
    const drawn = drawings();
    await Promise.all(Array.from({ length: 10 }, () => home(t)));
    expect(drawings()).toBe(drawn);
  });

  it("draws a members' layout for a request with a session cookie, the same board, once per change too", async () => {
    const visitor = await home(t);
    const before = drawings();
    const pages = await Promise.all(Array.from({ length: 5 }, () => home(t, "/", { cookie: "coroa_session=whatever" })));
    expect(new Set(pages.map((p) => p.html)).size).toBe(1);
    expect(drawings()).toBe(before + 1);
    const member = pages[0].html;
    expect(member).toContain('<div id=root data-prerendered="/" data-drawn-for="member"><h1>Bem-vinda</h1><p>compact</p>');
    expect(visitor.html).not.toContain("data-drawn-for");
    expect(visitor.html).not.toContain("<p>compact</p>");
    // The same visitor's answer in both: who she is is only known once the app reads her session.
    expect(pageData(member)).toEqual(pageData(visitor.html));
    expect((await home(t)).html).toBe(visitor.html);
  });

  it("sends a member who blocked someone (or was blocked) the frame without the shared board: hers is her own", async () => {
    const author = await createMember(t, "5531979");
    await author.client.gql(CREATE, { input: offer("Oferta que ela não deve ver") });
    const blocker = await createMember(t, "5531979");
    const bystander = await createMember(t, "5531979");
    expect((await blocker.client.rest("POST", `/api/users/${author.user.id}/block`)).status).toBe(200);
    await eventually(async () => (await home(t)).html.includes("Oferta que ela não deve ver"), 3000, "the offer on /");
    for (const member of [blocker, author]) {
      const page = await home(t, "/", { cookie: `coroa_session=${member.token}` });
      expect(page.status).toBe(200);
      expect(page.html).toContain("<h1>Frame</h1>");
      expect(page.html).not.toContain("Oferta que ela não deve ver");
    }
    expect((await home(t, "/", { cookie: `coroa_session=${bystander.token}` })).html).toContain("Oferta que ela não deve ver");
  });

  it("sends what members wrote as inert JSON: no </script> or comment can end the block", async () => {
    const { client } = await createMember(t, "5531979");
    const title = "</script><script>alert(1)</script><!-- $& -->";
    expect((await client.gql(CREATE, { input: offer(title) })).body.data.createOffer.__typename).toBe("Offer");
    let page = await home(t);
    await eventually(async () => (page = await home(t)).html.includes("&lt;/script>"), 3000, "the offer on /");
    expect(page.html).not.toContain("<script>alert(1)");
    expect(page.html.match(/<\/script>/g)).toHaveLength(1);
    expect(page.html).not.toContain("<!-- $& -->");
    expect(page.html).not.toContain("<!--ssr:");
    expect(pageData(page.html).ROOT_QUERY.board.offers.edges.map((e) => e.node.title)).toContain(title);
  });

  it("sends an invitation (/?id=) and every other page the prerendered index.html", async () => {
    for (const path of ["/?id=kc12", "/perfil"]) {
      const page = await home(t, path);
      expect(page.status).toBe(200);
      expect(page.html).toContain("<h1>Frame</h1>");
      expect(page.html).not.toContain("first-screen-data");
    }
  });
});

describe("/ when the board cannot be drawn", () => {
  it("sends the prerendered index.html when drawing fails, and when the build has no SSR module", async () => {
    const failing = await startTestApp({ WEB_DIST: webBuild(`throw new Error("drawing failed");`), SEED_DEMO: "never", LOG_LEVEL: "silent" });
    try {
      const page = await home(failing);
      expect(page.status).toBe(200);
      expect(page.html).toContain("<h1>Frame</h1>");
      // Not tried again for every request: the next ones get index.html at once.
      const tried = drawings();
      expect(tried).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) expect((await home(failing)).html).toContain("<h1>Frame</h1>");
      expect(drawings()).toBe(tried);
    } finally {
      await failing.close();
    }
    const dist = mkdtempSync(join(tmpdir(), "cc-home-plain-"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Mural</title><div id=root><h1>Frame</h1></div>");
    const plain = await startTestApp({ WEB_DIST: dist, SEED_DEMO: "never", LOG_LEVEL: "silent" });
    try {
      const page = await home(plain);
      expect(page.status).toBe(200);
      expect(page.html).toContain("<h1>Frame</h1>");
    } finally {
      await plain.close();
    }
  });
});
