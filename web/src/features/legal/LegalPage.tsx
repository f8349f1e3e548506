import styled from "styled-components";
import { Card, Container, Lead, PageTitle } from "../../components/Page";
import { useDocumentTitle } from "../../lib/documentTitle";
import { POLICY_TEXTS as P } from "../../lib/policyTexts";

/** The club's mailbox for data requests and questions (README: VITE_CONTACT_EMAIL). */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || "contato@clubecoroa.com.br";

export const LEGAL_TEXTS = {
  termsLead: "As regras do clube, em poucas palavras.",
  privacyLead: "Como cuidamos dos seus dados e quais são os seus direitos.",
  contactTitle: "Contato",
  contactText: "Dúvidas, pedidos sobre os seus dados ou sugestões: escreva para a equipe do clube.",
  onProfile: "em 'Meu Perfil'",
  reportHint: "Para denunciar uma publicação, use 'Denunciar' no menu do card.",
} as const;

const Section = styled.section`
  scroll-margin-top: 80px;
  & + & { margin-top: ${({ theme }) => theme.space.lg}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  p { margin: 0 0 ${({ theme }) => theme.space.xs}; }
  a { color: ${({ theme }) => theme.colors.brand}; font-weight: 700; }
`;

const Intro = styled(Lead)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Wrap = styled(Container)`
  padding-top: ${({ theme }) => theme.space.xl};
  padding-bottom: ${({ theme }) => theme.space.xl};
  max-width: 760px;
`;

function Paragraphs({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}

/**
 * 'Termos de Uso' and 'Política de Privacidade' (with the LGPD rights and the club's contact), the
 * texts the profile form shows in its dialogs, on pages of their own linked from every page's footer
 * (issue 24; the spec names the texts but no pages).
 */
export default function LegalPage({ which }: { which: "terms" | "privacy" }) {
  const terms = which === "terms";
  useDocumentTitle(terms ? P.terms.title : P.privacy.title);
  return (
    <Wrap>
      <Card>
        <PageTitle>{terms ? P.terms.title : P.privacy.title}</PageTitle>
        <Intro>{terms ? LEGAL_TEXTS.termsLead : LEGAL_TEXTS.privacyLead}</Intro>
        {terms ? (
          <Section aria-label={P.terms.title}>
            <Paragraphs lines={P.terms.paragraphs} />
          </Section>
        ) : (
          <>
            <Section aria-label={P.privacy.title}>
              <Paragraphs lines={P.privacy.paragraphs} />
            </Section>
            <Section aria-labelledby="lgpd">
              <h2 id="lgpd">{P.lgpd.title}</h2>
              {/* The form's last line says 'nesta mesma página' (the profile): here it names the page. */}
              <Paragraphs lines={P.lgpd.paragraphs.map((line) => line.replace("nesta mesma página", LEGAL_TEXTS.onProfile))} />
            </Section>
          </>
        )}
        <Section id="contato" aria-labelledby="contato-titulo">
          <h2 id="contato-titulo">{LEGAL_TEXTS.contactTitle}</h2>
          <p>{LEGAL_TEXTS.contactText}</p>
          <p>
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
          <p>{LEGAL_TEXTS.reportHint}</p>
        </Section>
      </Card>
    </Wrap>
  );
}
