import { useState, type ReactNode } from "react";
import styled from "styled-components";
import {
  PARTNER_DATA_EXAMPLE,
  PARTNER_MIN_GROUP_SIZE,
  PARTNER_STATS_EXAMPLE,
  partnerCurl,
  SPONSOR_FILTERS,
  type PartnerExample,
} from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";

/**
 * The partners' guide for the staff (issue 24): what docs/partners.md tells a developer, in
 * Portuguese, with the same example requests (the server's tests send them as written).
 */
export const PARTNER_GUIDE_TEXTS = {
  title: "Guia da API para parceiras",
  description: "Como a parceira consulta os dados de patrocínio com a chave que você cria aqui. Os exemplos podem ser copiados e enviados a ela.",
  key: {
    title: "Como funciona a chave",
    items: [
      "Crie a chave em 'Criar chave', com o nome da parceira. A chave inteira (ccp_ seguido de 43 caracteres) aparece uma única vez: copie e envie à parceira por um canal seguro, e peça que a guarde em segredo.",
      "O clube guarda só um resumo da chave (SHA-256) e o começo dela (como ccp_AbC12345), que aparece na lista com o último uso e o número de requisições.",
      "Chave perdida ou vazada não pode ser recuperada: revogue-a e crie outra. A chave revogada para de funcionar na hora.",
    ],
  },
  call: {
    title: "Como consultar",
    text: (site: string) =>
      `A parceira envia POST para ${site}/graphql com os cabeçalhos Authorization: Bearer <chave> e Content-Type: application/json, e o corpo {"query": "...", "variables": {...}}. Não precisa de cookie nem de outro cabeçalho.`,
    postOnly: "Só POST: com chave, qualquer outro método (inclusive GraphQL por GET) é recusado com 405 e Allow: POST.",
  },
  data: {
    title: "Exemplo: as usuárias que consentiram",
    lead: "A primeira página das usuárias do Sudeste de 26 a 35 anos, com todos os campos:",
    paging:
      "Próxima página: envie o nextCursor recebido como after (ele vem null na última página). Cada página traz até 200 linhas (first: 200) e cada requisição pede uma página só: várias páginas de uma vez são recusadas com 400 'Consulta complexa demais'.",
    fieldsTitle: "O que cada linha traz",
    fields: [
      ["id, fullName, email", "o número da usuária, o nome e o e-mail"],
      ["phone", "o telefone em dígitos, com o código do país e sem '+' (5511987654321)"],
      ["plan", "nobreza, alteza, majestade ou imperatriz"],
      ["region, businessType, serviceType, entrepreneurProfile, professionalActivity", "região, tipo de negócio, atendimento, perfil empreendedor e atividade profissional"],
      ["ageBand", "a faixa etária (18-25, 26-35, 36-45 ou 46+), nunca a data de nascimento"],
      ["createdAt", "a data de cadastro (ISO 8601, UTC)"],
    ] as const,
  },
  stats: {
    title: "Exemplo: totais por grupo",
    lead: "Quantas usuárias há em cada região, plano, tipo de negócio, atendimento, perfil e faixa etária, entre as que vendem serviços:",
  },
  filters: {
    title: "Filtros",
    lead: "Os dois aceitam o mesmo filter; sem filtro, vazio ou all quer dizer todas:",
    names: { region: "region", businessType: "businessType", serviceType: "serviceType", profile: "profile", age: "age" },
    after:
      "Também valem sem acento ou em maiúsculas (servico, HIBRIDO). Outro valor é recusado com VALIDATION e uma mensagem com os valores aceitos. A idade é contada em anos completos pelo calendário de São Paulo.",
  },
  consent: {
    title: "Consentimento e privacidade",
    items: [
      "sponsorData lista só as usuárias que aceitaram compartilhar seus dados com patrocinadores, e sponsorStats conta só elas. Quem retira o consentimento sai das duas respostas na hora.",
      "Cada leitura é registrada e mostrada à usuária em 'Quem viu meus dados' no perfil dela: o nome da chave, o dia e os campos pedidos. Peça só os campos de que precisa.",
      "Nenhuma resposta traz data de nascimento (só a faixa etária), CPF ou endereço (rua, número, complemento, bairro, cidade, CEP, estado): o servidor nem lê esses dados para a parceira, e pedir um deles é um erro de validação do GraphQL.",
    ],
  },
  counts: {
    title: "Totais sem identificar ninguém",
    items: (min: number) => [
      `sponsorStats conta as usuárias que consentiram e nunca identifica ninguém: nenhum grupo de 1 a ${min - 1} usuárias é publicado, nem pode ser deduzido das respostas, sozinhas ou juntas.`,
      "Aceita nenhum filtro ou um só: { region: \"norte\" } é respondido; dois filtros são recusados com VALIDATION e 'Os totais por grupo aceitam um filtro por vez.' (sponsorData aceita qualquer combinação).",
      `Um count (ou total) null está suprimido: o grupo tem menos de ${min} usuárias, ou foi escondido junto para que uma subtração entre respostas não revele um grupo pequeno. Com um filtro, a resposta é o cruzamento desse valor com cada outra lista (norte × plano, norte × faixa etária...); um valor suprimido sem filtro não tem resposta nenhuma (total e todos os count null). A mesma célula fica suprimida em todas as respostas que a mostram.`,
      "Cada lista traz sempre todos os valores conhecidos (um grupo vazio parece um pequeno), depois outros valores guardados e não-informado.",
      "Os totais são calculados no máximo uma vez por minuto para o clube inteiro: podem atrasar um minuto em relação às novas usuárias (mas quem retira o consentimento sai deles na hora).",
    ],
  },
  limits: {
    title: "Limites e erros",
    caption: "Respostas de erro da API de parceiras",
    columns: ["HTTP", "Código", "Quando"],
    rows: [
      ["401", "UNAUTHENTICATED", "Chave desconhecida, malformada ou revogada ('Chave de API inválida ou revogada')."],
      ["403", "FORBIDDEN", "Qualquer coisa além de consultar sponsorData e sponsorStats: outros campos, mutações, assinaturas (uma conexão WebSocket com chave é fechada com 4403)."],
      ["429", "RATE_LIMITED", "Mais de 600 requisições por minuto com uma chave (o limite padrão), ou muitas chaves erradas de um mesmo endereço (30 por minuto). O cabeçalho Retry-After diz em quantos segundos tentar de novo."],
      ["200, data null", "VALIDATION, BAD_REQUEST", "Valor de filtro desconhecido, dois filtros em sponsorStats, cursor inválido."],
      ["400", "GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED...", "Consulta malformada, campo desconhecido, consulta complexa demais."],
      ["400", "PERSISTED_QUERY_NOT_SUPPORTED", "Extensão persistedQuery: envie o texto da consulta."],
      ["405", "BAD_REQUEST", "Com chave, qualquer método que não seja POST ('Com chave de parceira, envie a consulta por POST')."],
      ["503", "UNAVAILABLE", "O banco de dados do clube está sobrecarregado: tente de novo depois dos segundos de Retry-After."],
    ] as const,
    after:
      "Toda resposta é JSON { \"data\": ..., \"errors\": [...] }, com mensagens em português. A introspecção fica desligada em produção: o esquema completo está em schema/schema.graphql, no repositório do clube.",
  },
  copy: "Copiar exemplo",
  copied: "Exemplo copiado",
  copyFailed: "Não foi possível copiar: selecione o texto e copie",
  close: "Fechar guia",
} as const;

const T = PARTNER_GUIDE_TEXTS;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.brandDark};
  }
  p, li { line-height: 1.5; }
  ul { margin: 0; padding-left: 1.2em; display: grid; gap: ${({ theme }) => theme.space.xxs}; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
`;

const Pre = styled.pre`
  margin: ${({ theme }) => theme.space.xs} 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandDark};
  color: #fff;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const CopyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  span { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption { text-align: left; color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: ${({ theme }) => theme.space.xxs}; }
  th, td { padding: ${({ theme }) => theme.space.xs}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; vertical-align: top; }
  td:nth-child(2) { overflow-wrap: anywhere; }
`;

/** A request she can copy and send to the partner. */
function Example({ site, example, label }: { site: string; example: PartnerExample; label: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const text = partnerCurl(site, example);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(T.copied);
    } catch {
      setStatus(T.copyFailed);
    }
  };
  return (
    <>
      <Pre aria-label={label} tabIndex={0}>
        <code>{text}</code>
      </Pre>
      <CopyRow>
        <Button $variant="outline" $size="sm" onClick={() => void copy()} aria-label={`${T.copy}: ${label}`}>
          {T.copy}
        </Button>
        <span role="status">{status}</span>
      </CopyRow>
    </>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Section aria-label={title}>
      <h3>{title}</h3>
      {children}
    </Section>
  );
}

/** The guide in a wide dialog, opened from 'Parceiras (API)'. */
export function PartnerGuideDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const site = window.location.origin;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={T.title} description={T.description} size="lg" closeLabel={T.close}>
      <Part title={T.key.title}>
        <ul>{T.key.items.map((item) => <li key={item}>{item}</li>)}</ul>
      </Part>
      <Part title={T.call.title}>
        <p>{T.call.text(site)}</p>
        <p>{T.call.postOnly}</p>
      </Part>
      <Part title={T.data.title}>
        <p>{T.data.lead}</p>
        <Example site={site} example={PARTNER_DATA_EXAMPLE} label={T.data.title} />
        <p>{T.data.paging}</p>
        <h4>{T.data.fieldsTitle}</h4>
        <ul>
          {T.data.fields.map(([names, what]) => (
            <li key={names}>
              <code>{names}</code>: {what}
            </li>
          ))}
        </ul>
      </Part>
      <Part title={T.stats.title}>
        <p>{T.stats.lead}</p>
        <Example site={site} example={PARTNER_STATS_EXAMPLE} label={T.stats.title} />
      </Part>
      <Part title={T.filters.title}>
        <p>{T.filters.lead}</p>
        <ul>
          {(Object.keys(SPONSOR_FILTERS) as (keyof typeof SPONSOR_FILTERS)[]).map((key) => (
            <li key={key}>
              <code>{T.filters.names[key]}</code>: {["all", ...SPONSOR_FILTERS[key]].join(", ")}
            </li>
          ))}
        </ul>
        <p>{T.filters.after}</p>
      </Part>
      <Part title={T.consent.title}>
        <ul>{T.consent.items.map((item) => <li key={item}>{item}</li>)}</ul>
      </Part>
      <Part title={T.counts.title}>
        <ul>{T.counts.items(PARTNER_MIN_GROUP_SIZE).map((item) => <li key={item}>{item}</li>)}</ul>
      </Part>
      <Part title={T.limits.title}>
        <Table>
          <caption>{T.limits.caption}</caption>
          <thead>
            <tr>{T.limits.columns.map((column) => <th key={column} scope="col">{column}</th>)}</tr>
          </thead>
          <tbody>
            {T.limits.rows.map(([status, code, when]) => (
              <tr key={`${status} ${code}`}>
                <th scope="row">{status}</th>
                <td><code>{code}</code></td>
                <td>{when}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p>{T.limits.after}</p>
      </Part>
    </Dialog>
  );
}
