/**
 * The club's terms, privacy policy and LGPD rights: read from the consent boxes of 'Meu Perfil'
 * (features/profile, where "nesta mesma página" is where she deletes her account) and in full at
 * /termos and /privacidade (features/legal). Below both features; not in the first load.
 */
export const POLICY_TEXTS = {
  terms: {
    title: "Termos de Uso",
    paragraphs: [
      "O clube é uma rede de negócios exclusiva para mulheres: empreendedoras, profissionais e estudantes.",
      "Somente maiores de 18 anos podem se cadastrar.",
      "Cada integrante tem um plano: Nobreza (gratuito), Alteza, Majestade ou Imperatriz. Os planos pagos liberam recursos extras e podem ser cancelados a qualquer momento, voltando para a Nobreza.",
      "Publique apenas propostas verdadeiras e trate as parceiras com respeito. Conteúdos abusivos podem ser denunciados e removidos.",
    ],
  },
  privacy: {
    title: "Política de Privacidade",
    paragraphs: [
      "Usamos seus dados para identificar você, mostrar seu perfil às parceiras e melhorar o clube.",
      "Seu CPF, endereço e WhatsApp não aparecem no mural.",
      "Seus dados de negócio só chegam às patrocinadoras se você autorizar, e você pode mudar de ideia quando quiser.",
      "Não vendemos seus dados.",
    ],
  },
  lgpd: {
    title: "Seus direitos pela LGPD",
    paragraphs: [
      "Pela Lei Geral de Proteção de Dados (Lei nº 13.709/2018), você pode a qualquer momento:",
      "• confirmar quais dados temos e acessá-los;",
      "• corrigir dados incompletos ou desatualizados;",
      "• pedir a portabilidade dos seus dados;",
      "• revogar o seu consentimento;",
      "• excluir sua conta e seus dados, nesta mesma página.",
    ],
  },
} as const;
