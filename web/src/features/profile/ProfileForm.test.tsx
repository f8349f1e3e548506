import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { todayInSaoPaulo } from "@clube-coroa/schema";
import { renderUi } from "../../lib/renderUi";
import { ProfileForm } from "./ProfileForm";
import { EMPTY_PROFILE_VALUES, profileFormValues, type ProfileFormProps, type ProfileFormValues } from "./profileFormValues";

const filled: ProfileFormValues = profileFormValues({
  fullName: "Ana Souza",
  nickname: "Ana",
  cpf: "52998224725",
  whatsapp: "5511987654321",
  birthDate: "1990-05-10",
  cep: "01310100",
  street: "Avenida Paulista",
  houseNumber: "1000",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  professionalActivity: "Criatividade & Design",
  interests: ["Voluntariado"],
  acceptedTerms: true,
  acceptedPrivacyPolicy: true,
  acceptedLGPD: true,
  isOver18: true,
});

function setup(props: Partial<ProfileFormProps> = {}) {
  const u = userEvent.setup();
  const onSave = vi.fn<ProfileFormProps["onSave"]>().mockResolvedValue(undefined);
  const onCepLookup = vi.fn<ProfileFormProps["onCepLookup"]>().mockResolvedValue(null);
  renderUi(<ProfileForm initial={filled} plan="nobreza" onSave={onSave} onCepLookup={onCepLookup} {...props} />);
  return { u, onSave, onCepLookup, ...props };
}

const save = (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByRole("button", { name: "Salvar Perfil" }));

describe("ProfileForm", () => {
  it("shows every message under its field and focuses the first invalid one", async () => {
    const { u, onSave } = setup({ initial: { ...EMPTY_PROFILE_VALUES, whatsapp: "5511987654321" } });
    await save(u);

    expect(screen.getByLabelText("Nome completo")).toHaveFocus();
    expect(screen.getByLabelText("Nome completo")).toHaveAccessibleDescription("Nome completo é obrigatório");
    expect(screen.getByLabelText("Apelido")).toHaveAccessibleDescription("Apelido é obrigatório");
    expect(screen.getByLabelText("CPF")).toHaveAccessibleDescription("CPF deve ter 11 dígitos");
    expect(screen.getByLabelText("Data de nascimento")).toHaveAccessibleDescription("Data de nascimento é obrigatória");
    expect(screen.getByLabelText("CEP")).toHaveAccessibleDescription("CEP é obrigatório");
    expect(screen.getByLabelText("Número")).toHaveAccessibleDescription("Número da casa é obrigatório");
    expect(screen.getByText("Atividade profissional é obrigatória")).toBeInTheDocument();
    expect(screen.getByText("Selecione pelo menos um interesse")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Li e aceito os Termos de Uso" })).toHaveAccessibleDescription(
      "Você deve aceitar os termos de uso",
    );
    expect(screen.getByRole("checkbox", { name: "Li e aceito a Política de Privacidade" })).toHaveAccessibleDescription(
      "Você deve aceitar a política de privacidade",
    );
    expect(screen.getByRole("checkbox", { name: /conforme a LGPD/ })).toHaveAccessibleDescription(
      "Você deve autorizar o uso das informações conforme LGPD",
    );
    expect(screen.getByRole("checkbox", { name: "Declaro que tenho 18 anos ou mais" })).toHaveAccessibleDescription(
      "Você deve ter mais de 18 anos para se cadastrar",
    );
    expect(onSave).not.toHaveBeenCalled();

    await u.type(screen.getByLabelText("Nome completo"), "Ana Souza");
    expect(screen.queryByText("Nome completo é obrigatório")).not.toBeInTheDocument();
  });

  it("focuses the first invalid field further down the form, brought to the middle of the screen", async () => {
    // Focus alone left it under the sticky 'Salvar Perfil' bar on a phone.
    const scrolled: { field: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ field: this, options });
    } as typeof Element.prototype.scrollIntoView;
    try {
      const { u } = setup({ initial: { ...filled, houseNumber: "" } });
      await save(u);
      expect(screen.getByLabelText("Número")).toHaveFocus();
      expect(scrolled.at(-1)).toEqual({ field: screen.getByLabelText("Número"), options: { block: "center" } });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("refuses a member under 18 and a CPF with wrong check digits", async () => {
    const [y, m, d] = todayInSaoPaulo().split("-");
    const { u } = setup({ initial: { ...filled, birthDate: `${Number(y) - 17}-${m}-${d}`, cpf: "529.982.247-24" } });
    await save(u);
    expect(screen.getByLabelText("CPF")).toHaveAccessibleDescription("CPF inválido");
    expect(screen.getByLabelText("Data de nascimento")).toHaveAccessibleDescription("Você deve ter mais de 18 anos para se cadastrar");
  });

  it("masks the CPF and the CEP and keeps WhatsApp read-only", async () => {
    const { u } = setup({ initial: { ...filled, cpf: "", cep: "" }, countryCode: "PT" });
    await u.type(screen.getByLabelText("CPF"), "52998224725999");
    expect(screen.getByLabelText("CPF")).toHaveValue("529.982.247-25");
    await u.type(screen.getByLabelText("CEP"), "01310a1009");
    expect(screen.getByLabelText("CEP")).toHaveValue("01310-100");
    expect(screen.getByLabelText("WhatsApp")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("WhatsApp")).toHaveValue("5511987654321");
    expect(screen.getByLabelText("Data de nascimento")).toHaveAttribute("type", "date");
  });

  it("fills the address from an 8-digit CEP, read-only, and says 'Endereço encontrado'", async () => {
    const onCepLookup = vi.fn().mockResolvedValue({ street: "Rua Augusta", neighborhood: "Consolação", city: "São Paulo", state: "São Paulo" });
    const { u } = setup({ initial: { ...filled, cep: "", street: "", neighborhood: "", city: "", state: "" }, onCepLookup });
    await u.type(screen.getByLabelText("CEP"), "0130500");
    expect(onCepLookup).not.toHaveBeenCalled();
    await u.type(screen.getByLabelText("CEP"), "0");
    expect(onCepLookup).toHaveBeenCalledWith("01305000");

    expect(await screen.findByText(/Endereço encontrado/)).toBeInTheDocument();
    expect(screen.getByLabelText("Rua")).toHaveValue("Rua Augusta");
    expect(screen.getByLabelText("Rua")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Bairro")).toHaveValue("Consolação");
    expect(screen.getByLabelText("Cidade")).toHaveValue("São Paulo");
    expect(screen.getByLabelText("Estado")).toHaveValue("SP");
    expect(screen.getByLabelText("Estado")).toBeDisabled();

    await u.type(screen.getByLabelText("CEP"), "{Backspace}");
    expect(screen.queryByText(/Endereço encontrado/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Rua")).not.toHaveAttribute("readonly");
  });

  it("stays silent and editable when the CEP lookup fails", async () => {
    const onCepLookup = vi.fn().mockRejectedValue(new Error("offline"));
    const { u } = setup({ initial: { ...filled, cep: "", street: "" }, onCepLookup });
    await u.type(screen.getByLabelText("CEP"), "99999999");
    await waitFor(() => expect(onCepLookup).toHaveBeenCalledWith("99999999"));
    expect(screen.queryByText(/Endereço encontrado/)).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await u.type(screen.getByLabelText("Rua"), "Rua Nova");
    expect(screen.getByLabelText("Rua")).toHaveValue("Rua Nova");
  });

  it("offers the nine activities and the sixteen interests", () => {
    setup();
    const activity = screen.getByLabelText("Atividade profissional");
    expect(within(activity).getAllByRole("option")).toHaveLength(10);
    const interests = screen.getByRole("group", { name: "Interesses" });
    expect(within(interests).getAllByRole("checkbox")).toHaveLength(16);
  });

  it("hides miniBio, social links and banner link below majestade", () => {
    setup({ plan: "alteza" });
    for (const label of ["MiniBio", "Site", "LinkedIn", "YouTube", "Facebook", "Instagram", "TikTok", "Link do banner"]) {
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    }
    expect(screen.getByText(/disponíveis nos planos Majestade e Imperatriz/)).toBeInTheDocument();
  });

  it("lets majestade fill miniBio and links, checking URLs, e-mails and the 500-character bio", async () => {
    const { u, onSave } = setup({ plan: "majestade" });
    await u.type(screen.getByLabelText("Site"), "não é site");
    await u.type(screen.getByLabelText("LinkedIn"), "javascript:alert(1)//@linkedin.com");
    await u.type(screen.getByLabelText("Melhor e-mail para contato"), "ana@");
    await u.click(screen.getByLabelText("MiniBio"));
    await u.paste("b".repeat(501));
    expect(screen.getByText(/501\/500/)).toBeInTheDocument();
    await save(u);
    expect(screen.getByLabelText("Melhor e-mail para contato")).toHaveFocus();
    expect(screen.getByLabelText("Melhor e-mail para contato")).toHaveAccessibleDescription("Email inválido");
    expect(screen.getByLabelText("MiniBio")).toHaveAccessibleDescription(/MiniBio deve ter no máximo 500 caracteres/);
    expect(screen.getByLabelText("Site")).toHaveAccessibleDescription("URL inválida");
    expect(screen.getByLabelText("LinkedIn")).toHaveAccessibleDescription("URL inválida");
    expect(onSave).not.toHaveBeenCalled();

    await u.clear(screen.getByLabelText("LinkedIn"));
    await u.clear(screen.getByLabelText("Site"));
    await u.type(screen.getByLabelText("Site"), "anasouza.com.br");
    await u.clear(screen.getByLabelText("Melhor e-mail para contato"));
    await u.clear(screen.getByLabelText("MiniBio"));
    await u.type(screen.getByLabelText("MiniBio"), "Designer de marcas femininas.");
    await u.type(screen.getByLabelText("Instagram"), "@anadesign");
    await save(u);
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        website: "https://anasouza.com.br/",
        miniBio: "Designer de marcas femininas.",
        instagram: "@anadesign",
        melhorEmail: null,
        linkedin: null,
      }),
    );
  });

  it("sends the checked profile with empty optional fields as null, showing 'Salvando...'", async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn<ProfileFormProps["onSave"]>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { u } = setup({ onSave, initial: { ...filled, website: "https://antigo.com" } });

    await u.selectOptions(screen.getByLabelText("Tipo de negócio"), "Serviço");
    await u.selectOptions(screen.getByLabelText("Atendimento"), "Híbrido");
    await u.selectOptions(screen.getByLabelText("Perfil empreendedor"), "Desejo empreender");
    await u.click(screen.getByRole("checkbox", { name: "Autorizo compartilhar meus dados de negócio com patrocinadoras do clube" }));
    const notifications = screen.getByRole("switch", { name: /Receber notificações pelo WhatsApp/ });
    expect(notifications).toHaveAttribute("aria-checked", "true");
    await u.click(notifications);
    await u.click(screen.getByRole("checkbox", { name: "Leitura & Escrita" }));
    await save(u);

    expect(screen.getByRole("button", { name: "Salvando..." })).toBeDisabled();
    expect(onSave).toHaveBeenCalledWith({
      fullName: "Ana Souza",
      nickname: "Ana",
      email: null,
      cpf: "52998224725",
      birthDate: "1990-05-10",
      cep: "01310100",
      street: "Avenida Paulista",
      houseNumber: "1000",
      complement: null,
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
      professionalActivity: "Criatividade & Design",
      interests: ["Voluntariado", "Leitura & Escrita"],
      melhorEmail: null,
      website: null,
      linkedin: null,
      youtube: null,
      facebook: null,
      instagram: null,
      tiktok: null,
      miniBio: null,
      bannerLink: null,
      businessType: "serviço",
      serviceType: "híbrido",
      entrepreneurProfile: "deseja-empreender",
      shareWithSponsors: true,
      whatsappNotificationsEnabled: false,
      acceptedTerms: true,
      acceptedPrivacyPolicy: true,
      acceptedLGPD: true,
      isOver18: true,
    });
    finish();
    expect(await screen.findByRole("button", { name: "Salvar Perfil" })).toBeEnabled();
  });

  it("keeps the form as typed when saving fails", async () => {
    const { u } = setup({ onSave: vi.fn().mockRejectedValue(new Error("500")) });
    await save(u);
    expect(await screen.findByRole("button", { name: "Salvar Perfil" })).toBeEnabled();
    expect(screen.getByLabelText("Nome completo")).toHaveValue("Ana Souza");
  });

  it("shows the server's field messages under their fields, ignores unknown names and clears one when edited", async () => {
    const u = userEvent.setup();
    const props = {
      initial: filled,
      plan: "nobreza",
      onSave: vi.fn<ProfileFormProps["onSave"]>().mockResolvedValue(undefined),
      onCepLookup: vi.fn<ProfileFormProps["onCepLookup"]>().mockResolvedValue(null),
    };
    function Harness() {
      const [serverErrors, setServerErrors] = useState<ProfileFormProps["serverErrors"]>(null);
      return (
        <>
          <button type="button" onClick={() => setServerErrors({ cpf: "Este CPF já está cadastrado", form: "Algo deu errado" })}>
            answer
          </button>
          <ProfileForm {...props} serverErrors={serverErrors} />
        </>
      );
    }
    renderUi(<Harness />);
    await u.click(screen.getByRole("button", { name: "answer" }));

    expect(screen.getByLabelText("CPF")).toHaveAccessibleDescription("Este CPF já está cadastrado");
    expect(screen.getByLabelText("CPF")).toHaveFocus();
    expect(screen.queryByText("Algo deu errado")).not.toBeInTheDocument();
    await u.type(screen.getByLabelText("CPF"), "0");
    expect(screen.queryByText("Este CPF já está cadastrado")).not.toBeInTheDocument();
  });

  it.each([
    ["Ler os Termos de Uso", "Termos de Uso", /Somente maiores de 18 anos/],
    ["Ler os Termos de Uso", "Termos de Uso", /exclusiva para mulheres/],
    ["Ler os Termos de Uso", "Termos de Uso", /Nobreza \(gratuito\), Alteza, Majestade ou Imperatriz/],
    ["Ler a Política de Privacidade", "Política de Privacidade", /Não vendemos seus dados/],
    ["Ler sobre a LGPD", "Seus direitos pela LGPD", /excluir sua conta e seus dados/],
  ])("opens '%s' in a dialog", async (link, title, text) => {
    const { u } = setup();
    await u.click(screen.getByRole("button", { name: link }));
    const dialog = screen.getByRole("dialog", { name: title });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await u.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("profileFormValues", () => {
  it("turns nulls into empty fields and masks CPF and CEP", () => {
    const values = profileFormValues({ fullName: "Ana", cpf: "52998224725", cep: "01310100", website: null, birthDate: "1990-05-10T00:00:00.000Z" });
    expect(values).toMatchObject({ fullName: "Ana", cpf: "529.982.247-25", cep: "01310-100", website: "", birthDate: "1990-05-10" });
    expect(values.whatsappNotificationsEnabled).toBe(true);
  });
});

describe("the consents 'Meus dados' also changes (issue 30)", () => {
  it("follows a withdrawal made there, so saving the form does not give sharing with sponsors back", async () => {
    const u = userEvent.setup();
    const onSave = vi.fn<ProfileFormProps["onSave"]>().mockResolvedValue(undefined);
    const start = { ...filled, shareWithSponsors: true };
    let withdraw: () => void = () => undefined;
    function Harness() {
      const [consents, setConsents] = useState({ shareWithSponsors: true, whatsappNotificationsEnabled: start.whatsappNotificationsEnabled });
      withdraw = () => setConsents((c) => ({ ...c, shareWithSponsors: false }));
      return <ProfileForm initial={start} consents={consents} plan="nobreza" onSave={onSave} onCepLookup={vi.fn().mockResolvedValue(null)} />;
    }
    renderUi(<Harness />);
    const box = screen.getByRole("checkbox", { name: /Autorizo compartilhar meus dados/ });
    expect(box).toBeChecked();
    await u.clear(screen.getByLabelText("Nome completo"));
    await u.type(screen.getByLabelText("Nome completo"), "Ana Lima");
    withdraw();
    await waitFor(() => expect(screen.getByRole("checkbox", { name: /Autorizo compartilhar meus dados/ })).not.toBeChecked());
    expect(screen.getByLabelText("Nome completo")).toHaveValue("Ana Lima");
    await u.click(screen.getByRole("button", { name: "Salvar Perfil" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0].shareWithSponsors).toBe(false);
  });
});
