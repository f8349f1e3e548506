import { useId, useState, type FormEvent } from "react";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { useNavigate } from "react-router-dom";
import styled from "styled-components";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { Field } from "../../components/Field";
import { Card } from "../../components/Page";
import { useToast } from "../../components/Toast";
import { isNetworkError, serverMessageOf } from "../../lib/errors";
import { clearStoredUser } from "../../lib/storage";
import { MeDocument } from "../session";
import { isPaidPlan, usePlans } from "../plans";
import { DeleteAccountDocument } from "./documents";
import { PROFILE_PAGE_TEXTS } from "./profileTexts";

const T = PROFILE_PAGE_TEXTS.account;

const Section = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-of-type { border-top: none; padding-top: 0; }
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  flex: 1 1 200px;
  strong { font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Warning = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    flex-direction: row;
    justify-content: flex-end;
  }
`;

/**
 * Her plan with 'Cancelar Assinatura' (paid plans only) and 'Excluir Conta'. Cancelling is the
 * plans flow's downgrade to nobreza: the same warning of what she loses, then the cancellation.
 */
export function AccountActions({ plan }: { plan: string }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { choosePlan } = usePlans();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const formId = useId();
  const [deleteAccount, { loading: deleting }] = useMutation(DeleteAccountDocument);

  const openDelete = () => {
    setTyped("");
    setDeleteOpen(true);
  };

  const confirmed = typed.trim().toUpperCase() === T.deleteWord;

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || deleting) return;
    let message: string | null = null;
    try {
      const { data } = await deleteAccount();
      const result = data?.deleteAccount;
      if (result?.__typename === "DeleteAccountPayload") {
        setDeleteOpen(false);
        toast({ title: T.deleted, description: T.deletedDescription });
        clearStoredUser();
        navigate("/");
        // The server ended her session: say so at once, then drop everything fetched for her.
        client.writeQuery({ query: MeDocument, data: { me: null } });
        await client.resetStore().catch(() => undefined);
        return;
      }
      message = result?.__typename === "AppError" ? result.message : null;
    } catch (error) {
      message = isNetworkError(error) ? null : serverMessageOf(error);
    }
    toast({ title: PROFILE_PAGE_TEXTS.errorTitle, description: message || T.deleteError, variant: "destructive" });
  };

  return (
    <Section aria-labelledby="perfil-conta">
      <h2 id="perfil-conta">{T.title}</h2>
      <Row>
        <Text>
          <strong>{T.plan}</strong>
          <span>
            <PlanBadge plan={plan} />
          </span>
        </Text>
        {isPaidPlan(plan) && (
          <Button $variant="outline" onClick={() => choosePlan("nobreza")}>
            {T.cancel}
          </Button>
        )}
      </Row>
      <Row>
        <Text>
          <strong>{T.delete}</strong>
          <p>{T.deleteHint}</p>
        </Text>
        <Button $variant="danger" onClick={openDelete}>
          {T.delete}
        </Button>
      </Row>

      <Dialog open={deleteOpen} onOpenChange={setDeleteOpen} title={T.deleteTitle}>
        <form id={formId} onSubmit={(e) => void remove(e)} noValidate>
          <Warning>{T.deleteText}</Warning>
          <Field
            label={T.deleteTypeLabel}
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Actions>
            <Button $variant="outline" onClick={() => setDeleteOpen(false)}>
              {T.deleteKeep}
            </Button>
            <Button type="submit" $variant="danger" disabled={!confirmed || deleting} aria-busy={deleting}>
              {deleting ? T.deleting : T.deleteConfirm}
            </Button>
          </Actions>
        </form>
      </Dialog>
    </Section>
  );
}
