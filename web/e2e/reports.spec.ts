import { expect, test, type Page } from "@playwright/test";
import { SHOTS, expectNoSeriousA11yViolations, signIn, toasts } from "./support";

// Issue 27: a member reports a message from the thread, then blocks its sender in the same dialog,
// on a phone and a desktop.
test.describe.configure({ mode: "serial" });

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post("/graphql", { data: { query, variables }, headers: { "content-type": "application/json" } });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const thread = (page: Page) => page.getByRole("region", { name: /^Mensagens com / });

for (const [width, height, ownerPhone, senderPhone] of [
  [375, 800, "11900007741", "11900007742"],
  [1280, 900, "11900007743", "11900007744"],
] as const) {
  test(`reports a message and blocks its sender at ${width} px`, async ({ browser }) => {
    const owner = await (await browser.newContext({ viewport: { width, height } })).newPage();
    const sender = await (await browser.newContext()).newPage();
    await signIn(owner, ownerPhone);
    const title = `Apoio com vitrine de loja ${Date.now() % 100000}`;
    const created = await gql<{ createOffer: { id: number } }>(
      owner,
      `mutation($input: OfferInput!) { createOffer(input: $input) { ... on Offer { id } } }`,
      {
        input: {
          postType: "oferta",
          type: "apoio",
          title,
          description: "Ajudo a montar a vitrine da sua loja com o que você já tem, sem gastar muito.",
          categories: ["Moda"],
          isUrgent: false,
        },
      },
    );
    await signIn(sender, senderPhone);
    const started = await gql<{ startConversation: { id: number } }>(
      sender,
      `mutation($offerId: Int!) { startConversation(offerId: $offerId) { ... on Conversation { id } } }`,
      { offerId: created.createOffer.id },
    );
    const conversationId = started.startConversation.id;
    const text = "Me manda seu PIX agora ou vou expor você";
    await gql(sender, `mutation($id: Int!, $content: String!) { sendMessage(conversationId: $id, content: $content) { __typename } }`, {
      id: conversationId,
      content: text,
    });

    await owner.goto(`/mensagens/${conversationId}`);
    const bubble = thread(owner).getByTestId("message").filter({ hasText: text });
    await expect(bubble).toBeVisible();
    await bubble.getByRole("button", { name: "Denunciar mensagem" }).click();
    const dialog = owner.getByRole("dialog", { name: "Denunciar Mensagem" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("radio", { name: /^Assédio/ }).check();
    await expectNoSeriousA11yViolations(owner);
    await owner.screenshot({ path: `${SHOTS}/report-message-${width}.png` });
    await dialog.getByRole("button", { name: "Enviar Denúncia" }).click();

    const sent = owner.getByRole("dialog", { name: "Denúncia enviada" });
    await expect(sent).toBeVisible();
    const blockNow = sent.getByRole("button", { name: /^Bloquear / });
    await expect(blockNow).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    const name = ((await blockNow.innerText()).match(/^Bloquear (.+)$/) ?? [])[1];
    await blockNow.click();
    const confirm = owner.getByRole("dialog", { name: `Bloquear ${name}?` });
    await confirm.getByRole("button", { name: "Bloquear" }).click();
    await expect(toasts(owner).getByText(`${name} foi bloqueada`)).toBeVisible();
    await expect(owner.getByText("Não é possível enviar mensagens nesta conversa.")).toBeVisible();
  });
}
