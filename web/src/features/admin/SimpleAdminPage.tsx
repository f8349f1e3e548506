import { useApolloClient } from "@apollo/client/react";
import { useId, useState, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Card, Container } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { AdminUserFieldsFragment } from "../../gql/graphql";
import { serverMessageOf } from "../../lib/errors";
import { WEB_TEXTS } from "../../lib/texts";
import { AccessDenied } from "./AccessDenied";
import { AdminHeader } from "./AdminHeader";
import { AdminPlanBadge, isAccessDenied } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { ChangePlanDialog } from "./ChangePlanDialog";
import { StaffDataExport } from "./StaffDataExport";
import { SuspensionControls } from "./SuspensionControls";
import { AdminUserDocument } from "./documents";
import { ExcelDownloadButton } from "./ExcelDownloadButton";
import { UsersList, useAdminUsers } from "./UsersList";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

const S = ADMIN_TEXTS.search;
const F = ADMIN_TEXTS.found;

type FoundUser = AdminUserFieldsFragment;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.xxl};
`;

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  & > input { flex: 1 1 200px; }
`;

const PanelHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  ${({ theme }) => theme.media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  div { min-width: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; overflow-wrap: anywhere; }
`;

/** A positive whole id, or null ('12', ' 12 ' → 12; 'abc', '1.5', '0' → null). */
export function parseUserId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** 'Usuário Encontrado': who she is, her plan and 'Alterar Plano'. */
function FoundUserCard({ user, onClose, onChanged }: { user: FoundUser; onClose: () => void; onChanged: (user: FoundUser) => void }) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <PanelHead>
        <h2 id={headingId}>{F.title}</h2>
        <Button $variant="ghost" $size="sm" onClick={onClose}>
          {F.close}
        </Button>
      </PanelHead>
      <Facts>
        <div>
          <dt>{F.id}</dt>
          <dd>{user.id}</dd>
        </div>
        <div>
          <dt>{F.name}</dt>
          <dd>{user.fullName || F.missing}</dd>
        </div>
        <div>
          <dt>{F.nickname}</dt>
          <dd>{user.nickname || F.missing}</dd>
        </div>
        <div>
          <dt>{F.phone}</dt>
          <dd>{user.phone}</dd>
        </div>
        <div>
          <dt>{F.email}</dt>
          <dd>{user.email || F.missing}</dd>
        </div>
        <div>
          <dt>{F.city}</dt>
          <dd>{user.city?.trim() ? user.city : F.cityMissing}</dd>
        </div>
        <div>
          <dt>{F.plan}</dt>
          <dd>
            <AdminPlanBadge plan={user.plan} />
          </dd>
        </div>
        <div>
          <dt>{ADMIN_TEXTS.suspension.label}</dt>
          <dd>
            <SuspensionControls user={user} onChanged={onChanged} />
          </dd>
        </div>
        <div>
          <dt>{ADMIN_TEXTS.dataExport.label}</dt>
          <dd>
            <StaffDataExport userId={user.id} />
          </dd>
        </div>
      </Facts>
      <ChangePlanDialog user={user} onChanged={onChanged} />
    </Panel>
  );
}

/**
 * /admin-simples, loaded on demand for superusers: find a user by id, change her plan, the users
 * list and the Excel download. A FORBIDDEN or UNAUTHENTICATED answer shows 'Acesso Negado'.
 */
export default function SimpleAdminPage() {
  useDocumentTitle(PAGE_TITLES.adminSimple);
  const client = useApolloClient();
  const { toast } = useToast();
  const users = useAdminUsers();
  const [idText, setIdText] = useState("");
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<FoundUser | null>(null);
  const inputId = useId();

  if (isAccessDenied(users.error)) return <AccessDenied text={WEB_TEXTS.admin.deniedSimple} />;

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (searching) return;
    if (!idText.trim()) {
      toast({ title: S.requiredTitle, description: S.requiredText, variant: "destructive" });
      return;
    }
    const failed = (text: string) => {
      setFound(null);
      toast({ title: S.errorTitle, description: text, variant: "destructive" });
    };
    const id = parseUserId(idText);
    if (id === null) return failed(S.invalidText);
    setSearching(true);
    try {
      const { data } = await client.query({ query: AdminUserDocument, variables: { id }, fetchPolicy: "network-only" });
      const result = data?.adminUser;
      if (result?.__typename === "AdminUser") {
        setFound(result);
        toast({ title: S.foundTitle, description: S.foundText(result.fullName || result.nickname || result.phone, result.id) });
        return;
      }
      failed(result?.__typename === "AppError" ? result.message : S.notFound);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? S.notFound);
    } finally {
      setSearching(false);
    }
  };

  return (
    <>
      <AdminHeader title={WEB_TEXTS.admin.simpleTitle} subtitle={WEB_TEXTS.admin.simpleSubtitle} actions={<ExcelDownloadButton />} />
      <Container>
        <Column>
          <Panel aria-labelledby={`${inputId}-title`}>
            <h2 id={`${inputId}-title`}>{S.title}</h2>
            <SearchRow role="search" aria-labelledby={`${inputId}-title`} noValidate onSubmit={search} aria-busy={searching}>
              <VisuallyHidden as="label" htmlFor={inputId}>
                {S.label}
              </VisuallyHidden>
              <TextInput
                id={inputId}
                inputMode="numeric"
                autoComplete="off"
                placeholder={S.placeholder}
                value={idText}
                onChange={(e) => setIdText(e.target.value)}
              />
              <Button type="submit" disabled={searching} aria-busy={searching}>
                {searching && <Spinner $size={16} />}
                {S.submit}
              </Button>
            </SearchRow>
          </Panel>
          {found && (
            <FoundUserCard
              key={found.id}
              user={found}
              onClose={() => setFound(null)}
              onChanged={(user) => setFound(user)}
            />
          )}
          <UsersList users={users} onView={(user) => setFound(user)} />
        </Column>
      </Container>
    </>
  );
}
