import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SPONSOR_LABELS } from "@clube-coroa/schema";
import { withProviders } from "../../test/renderApp";
import { SponsorSection } from "./SponsorSection";
import { sponsorPage, sponsorRow } from "./testData";

function renderTable(rows: unknown[]) {
  withProviders(<SponsorSection />, { SponsorUsers: () => sponsorPage(rows) }, "/admin");
  return screen.findByRole("table", { name: /Usuárias que aceitaram compartilhar/ });
}

describe("the sponsor table (spec part 2 section 3)", () => {
  it("has the spec's six columns, the phone under the name", async () => {
    const table = await renderTable([sponsorRow(1)]);
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Nome", "Plano", "Região", "Tipo Negócio", "Perfil", "Idade"]);
  });

  it("shows a row's values as the CSV writes them: labels, the phone formatted, the plan as a badge, the age in years", async () => {
    const table = await renderTable([
      sponsorRow(1, { phone: "5543993664784", region: "sudeste", businessType: "produto", entrepreneurProfile: "deseja-empreender", age: 41, plan: "majestade" }),
    ]);
    const name = await within(table).findByRole("rowheader", { name: /^Parceira 1/ });
    expect(within(name).getByText("+55 (43) 99366-4784")).toBeInTheDocument();
    const cells = within(name.closest("tr") as HTMLElement).getAllByRole("cell").map((td) => td.textContent);
    expect(cells).toEqual(["MAJESTADE", "Sudeste", "Produto", "Deseja empreender", "41 anos"]);
    // One map of labels: the page's are the CSV's.
    expect(cells.slice(1, 4)).toEqual([SPONSOR_LABELS.region.sudeste, SPONSOR_LABELS.businessType.produto, SPONSOR_LABELS.profile["deseja-empreender"]]);
    expect(table).not.toHaveTextContent("5543993664784");
  });

  it("leaves a missing value empty and shows a value it has no label for as it is", async () => {
    const table = await renderTable([sponsorRow(2, { region: null, businessType: "artesanato", entrepreneurProfile: null, age: null, phone: "351912345678" })]);
    const name = await within(table).findByRole("rowheader", { name: /^Parceira 2/ });
    expect(within(name).getByText("+351 912 345 678")).toBeInTheDocument();
    expect(within(name.closest("tr") as HTMLElement).getAllByRole("cell").map((td) => td.textContent)).toEqual(["ALTEZA", "", "artesanato", "", ""]);
  });
});
