import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { asPlan, BRAZILIAN_STATES, INTERESTS, mayContact, PROFESSIONAL_ACTIVITIES, searchTerms, type OfferTypeName } from "@clube-coroa/schema";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import styled from "styled-components";
import { Avatar } from "../../components/Avatar";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Field, Select } from "../../components/Field";
import { Highlighted } from "../../components/Highlighted";
import { Container, Lead, PageTitle } from "../../components/Page";
import { SignInRequiredPage } from "../../components/SignInRequired";
import type { MembersQuery } from "../../gql/graphql";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";
import { lazyWhenOpen } from "../../lib/lazyComponent";
import { loadAuthorProfileDialog, loadUpgradePromptDialog, OFFER_TEXTS, type AuthorRef, type UpgradePrompt } from "../offers";
import { useSession } from "../session";
import { MembersDocument, MessageMemberDocument } from "./documents";
import { MEMBERS_TEXTS as T } from "./membersTexts";

const AuthorProfileDialog = lazyWhenOpen(loadAuthorProfileDialog, (p) => p.author !== null);
const UpgradePromptDialog = lazyWhenOpen(loadUpgradePromptDialog, (p) => p.prompt !== null);

type Connection = Extract<MembersQuery["members"], { __typename: "MemberConnection" }>;
type Member = Connection["edges"][number]["node"];

/** How long her typing must pause before the directory is asked again. */
const SEARCH_DEBOUNCE_MS = 250;

const Filters = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: 1fr;
  margin: ${({ theme }) => theme.space.md} 0;
  @media (min-width: 768px) { grid-template-columns: 2fr 1fr 1fr 1fr; align-items: end; }
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: 1fr;
  @media (min-width: 768px) { grid-template-columns: repeat(2, 1fr); }
  @media (min-width: 1100px) { grid-template-columns: repeat(3, 1fr); }
`;

const MemberCard = styled.button`
  width: 100%;
  height: 100%;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  text-align: left;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
  &:hover { border-color: ${({ theme }) => theme.colors.brand}; }
`;

const CardBody = styled.span`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
`;

const Muted = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bio = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Status = styled.div`
  padding: ${({ theme }) => theme.space.lg} 0;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const OffersBox = styled.section`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin-top: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; margin-bottom: ${({ theme }) => theme.space.sm}; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.sm}; }
  li { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.sm}; align-items: center; justify-content: space-between; }
`;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Her offers under her profile, each with 'Enviar mensagem' (a conversation is about an offer). */
function MemberOffers({ member, onUpgrade }: { member: Member; onUpgrade: (prompt: UpgradePrompt) => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [start, { loading }] = useMutation(MessageMemberDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const plan = asPlan(user?.plan);
  const name = member.displayName ?? "";

  async function message(offer: { id: number; type: OfferTypeName }) {
    if (plan && !mayContact(plan, offer.type)) return onUpgrade({ action: "contact", target: "alteza" });
    setFailure(null);
    const answer = await start({ variables: { offerId: offer.id } }).catch(() => null);
    const result = answer?.data?.startConversation;
    if (result?.__typename === "Conversation") navigate(`/mensagens/${result.id}`);
    else if (result?.__typename === "UpgradeRequiredError") onUpgrade({ action: "contact", target: asPlan(result.targetPlan) ?? "alteza" });
    else setFailure(result?.__typename === "AppError" ? result.message : T.error);
  }

  return (
    <OffersBox aria-label={T.offersTitle(name)}>
      <h3>{T.offersTitle(name)}</h3>
      {member.offers.length === 0 ? (
        <Muted>{T.noOffers}</Muted>
      ) : (
        <ul>
          {member.offers.map((offer) => (
            <li key={offer.id}>
              <span>
                <Muted>{OFFER_TEXTS.kind[offer.type]} · </Muted>
                {offer.title}
              </span>
              <Button $size="sm" disabled={loading} aria-label={T.messageAbout(offer.title)} onClick={() => void message(offer)}>
                {T.message}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failure && <p role="alert">{failure}</p>}
    </OffersBox>
  );
}

function Directory() {
  const [q, setQ] = useState("");
  const [activity, setActivity] = useState("");
  const [interest, setInterest] = useState("");
  const [state, setState] = useState("");
  const [open, setOpen] = useState<Member | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradePrompt | null>(null);
  const asked = useDebounced(q, SEARCH_DEBOUNCE_MS);
  const variables = { q: asked.trim() || null, activity: activity || null, interest: interest || null, state: state || null };
  const { data, error, refetch } = useQuery(MembersDocument, { variables, fetchPolicy: "cache-and-network" });
  const answer = data?.members;
  // 'Ver mais': the next pages, kept beside the first until her words or filters change.
  const client = useApolloClient();
  const key = JSON.stringify(variables);
  const [more, setMore] = useState<{ key: string; members: Member[]; endCursor: string | null; hasNextPage: boolean; loading: boolean } | null>(null);
  const extra = more?.key === key ? more : null;
  async function loadMore(after: string | null) {
    setMore({ key, members: extra?.members ?? [], endCursor: after, hasNextPage: true, loading: true });
    const next = await client.query({ query: MembersDocument, variables: { ...variables, after }, fetchPolicy: "network-only" }).catch(() => null);
    const page = next?.data?.members;
    if (page?.__typename !== "MemberConnection") return setMore({ key, members: extra?.members ?? [], endCursor: after, hasNextPage: true, loading: false });
    setMore({ key, members: [...(extra?.members ?? []), ...page.edges.map((edge) => edge.node)], ...page.pageInfo, loading: false });
  }
  const upgradeTarget = answer?.__typename === "UpgradeRequiredError" ? (asPlan(answer.targetPlan) ?? "alteza") : null;
  useEffect(() => {
    if (upgradeTarget) setUpgrade({ action: "view_profile", target: upgradeTarget });
  }, [upgradeTarget]);
  const terms = searchTerms(asked);
  const clear = () => {
    setQ("");
    setActivity("");
    setInterest("");
    setState("");
  };

  let body;
  if (answer?.__typename === "UpgradeRequiredError") {
    body = (
      <Status>
        <p>{answer.upgradeMessage}</p>
        <Button $variant="gold" onClick={() => setUpgrade({ action: "view_profile", target: upgradeTarget ?? "alteza" })}>
          {T.seePlans}
        </Button>
      </Status>
    );
  } else if (answer?.__typename === "MemberConnection") {
    const members = [...answer.edges.map((edge) => edge.node), ...(extra?.members ?? [])];
    const pageInfo = extra && !extra.loading ? extra : answer.pageInfo;
    body =
      members.length === 0 ? (
        <Status role="status">
          <p>{T.none}</p>
          {asked.trim() && <p>{T.noneFor(asked.trim())}</p>}
          <Button $variant="outline" onClick={clear}>
            {T.clear}
          </Button>
        </Status>
      ) : (
        <>
          <Grid aria-label={T.listLabel}>
            {members.map((member) => {
              const name = member.displayName ?? "";
              const place = [member.city, member.state].filter(Boolean).join(" - ");
              return (
                <li key={member.id}>
                  <MemberCard type="button" aria-label={T.open(name)} onClick={() => setOpen(member)}>
                    <Avatar name={name} photo={member.profilePhotoUrl} size={56} />
                    <CardBody>
                      <Name>
                        <Highlighted text={name} terms={terms} />
                      </Name>
                      <span>
                        <PlanBadge plan={member.plan} />
                      </span>
                      {member.professionalActivity && <Muted>{member.professionalActivity}</Muted>}
                      {place && <Muted>{place}</Muted>}
                      {member.miniBio && (
                        <Bio>
                          <Highlighted text={member.miniBio} terms={terms} />
                        </Bio>
                      )}
                    </CardBody>
                  </MemberCard>
                </li>
              );
            })}
          </Grid>
          {pageInfo.hasNextPage && (
            <Status>
              <Button $variant="outline" disabled={!!extra?.loading} onClick={() => void loadMore(pageInfo.endCursor ?? null)}>
                {T.more}
              </Button>
            </Status>
          )}
        </>
      );
  } else if (error || answer?.__typename === "AppError") {
    body = (
      <Status role="alert">
        <p>{answer?.__typename === "AppError" ? answer.message : T.error}</p>
        <Button $variant="outline" onClick={() => void refetch().catch(() => undefined)}>
          {T.retry}
        </Button>
      </Status>
    );
  } else {
    body = (
      <Status role="status" aria-busy="true">
        <p>{T.loading}</p>
      </Status>
    );
  }

  const author: AuthorRef | null = open ? { id: open.id, name: open.displayName ?? "" } : null;
  return (
    <Container>
      <PageTitle>{T.title}</PageTitle>
      <Lead>{T.lead}</Lead>
      {answer?.__typename !== "UpgradeRequiredError" && (
        <Filters role="search" onSubmit={(event) => event.preventDefault()}>
          <Field label={T.search} type="search" value={q} placeholder={T.searchPlaceholder} autoComplete="off" maxLength={100} onChange={(event) => setQ(event.target.value)} />
          <Select label={T.activity} value={activity} onChange={(event) => setActivity(event.target.value)}>
            <option value="">{T.all}</option>
            {PROFESSIONAL_ACTIVITIES.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </Select>
          <Select label={T.interest} value={interest} onChange={(event) => setInterest(event.target.value)}>
            <option value="">{T.all}</option>
            {INTERESTS.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </Select>
          <Select label={T.state} value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{T.all}</option>
            {BRAZILIAN_STATES.map(([uf, name]) => (
              <option key={uf} value={uf}>{name}</option>
            ))}
          </Select>
        </Filters>
      )}
      {body}
      <AuthorProfileDialog author={author} onClose={() => setOpen(null)} onUpgradeRequired={(target) => setUpgrade({ action: "view_profile", target })}>
        {open && <MemberOffers member={open} onUpgrade={setUpgrade} />}
      </AuthorProfileDialog>
      <UpgradePromptDialog prompt={upgrade} onClose={() => setUpgrade(null)} />
    </Container>
  );
}

/** 'Parceiras' (issue 28): the members whose profiles are open to others, found by words and filters. */
export function MembersPage() {
  useDocumentTitle(PAGE_TITLES.members);
  const { status } = useSession();
  if (status !== "authenticated") {
    return <SignInRequiredPage title={T.title} text={T.signedOut} />;
  }
  return <Directory />;
}
