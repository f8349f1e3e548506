import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast";
import { withProviders } from "../../test/renderApp";
import { SessionProvider } from "../session";
import { usePlans } from "./plansFlow";
import { PlansProvider } from "./PlansProvider";
import { deferred } from "../../test/deferred";
import { plansHandlers } from "./testData";

// The flow's code arrives when the test says so (a slow network), and the test sees when it was asked for.
const arrival = vi.hoisted(() => ({ asked: 0, gate: null as Promise<void> | null, open: () => {} }));
vi.mock("./PlansFlowHost", async (importOriginal) => {
  arrival.asked += 1;
  await arrival.gate;
  return importOriginal();
});

function Chooser() {
  const { choosePlan, openPlans } = usePlans();
  return (
    <>
      <button type="button" onClick={() => choosePlan("alteza", "annual")}>
        Quero a Alteza anual
      </button>
      <button type="button" onClick={openPlans}>
        Ver planos
      </button>
    </>
  );
}

function renderFlow() {
  return withProviders(
    <ToastProvider>
      <SessionProvider>
        <PlansProvider>
          <Chooser />
        </PlansProvider>
      </SessionProvider>
    </ToastProvider>,
    plansHandlers("nobreza"),
  );
}

describe("the plans flow loaded on first use", () => {
  it("is not fetched with the page, and a choice made while it loads opens that plan's checkout when it arrives", async () => {
    const slow = deferred<void>();
    arrival.gate = slow.promise;
    const u = userEvent.setup();
    renderFlow();
    const choose = await screen.findByRole("button", { name: "Quero a Alteza anual" });
    expect(arrival.asked).toBe(0);

    await u.click(choose);
    expect(arrival.asked).toBe(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await act(async () => slow.resolve());
    const checkout = await screen.findByRole("dialog", { name: "Assinar o plano ALTEZA" });
    expect(within(checkout).getByRole("radio", { name: "Anual -10%" })).toBeChecked();
    expect(await within(checkout).findByRole("button", { name: "Pagar R$ 301,32" })).toBeInTheDocument();

    // Loaded once; later calls go straight to it.
    await u.click(within(checkout).getByRole("button", { name: "Cancelar" }));
    await u.click(screen.getByRole("button", { name: "Ver planos" }));
    expect(await screen.findByRole("dialog", { name: "Escolha seu Plano" })).toBeInTheDocument();
    expect(arrival.asked).toBe(1);
  });
});
