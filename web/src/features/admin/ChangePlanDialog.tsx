import { useApolloClient, useMutation } from "@apollo/client/react";
import { useState } from "react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { Select } from "../../components/Field";
import { useToast } from "../../components/Toast";
import type { AdminUserFieldsFragment, Plan } from "../../gql/graphql";
import { serverMessageOf } from "../../lib/errors";
import { AdminPlanBadge } from "./adminUi";
import { ADMIN_TEXTS, PLAN_OPTIONS } from "./adminTexts";
import { AdminChangePlanDocument, AdminUsersDocument } from "./documents";

const T = ADMIN_TEXTS.changePlan;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.md};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  & > * { flex: 1 1 160px; }
`;

const Trigger = styled(Button)`
  align-self: flex-start;
`;

/**
 * 'Alterar Plano' and its 'Confirmar Alteração de Plano' dialog (spec part 2 sections 2, 4, 8): the
 * ASAAS warning, who she is, her plan and the new one. Confirm waits for a different plan.
 */
export function ChangePlanDialog({ user, onChanged }: { user: AdminUserFieldsFragment; onChanged: (user: AdminUserFieldsFragment) => void }) {
  const { toast } = useToast();
  const client = useApolloClient();
  const [changePlan] = useMutation(AdminChangePlanDocument);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Plan | "">("");
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOpen(false);
    setSelected("");
  };
  const canConfirm = !saving && selected !== "" && selected !== user.plan;

  const confirm = async () => {
    if (!canConfirm) return;
    setSaving(true);
    const failed = (text: string) => toast({ title: T.errorTitle, description: text, variant: "destructive" });
    try {
      const { data } = await changePlan({ variables: { userId: user.id, plan: selected } });
      const result = data?.adminChangePlan;
      if (result?.__typename === "AdminUser") {
        toast({ title: T.successTitle, description: T.successText(result.plan) });
        close();
        onChanged(result);
        client.refetchQueries({ include: [AdminUsersDocument] }).catch(() => undefined);
        return;
      }
      failed(result?.__typename === "AppError" ? result.message : T.errorText);
    } catch (failure) {
      failed(serverMessageOf(failure) ?? T.errorText);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (saving) return;
        if (next) setOpen(true);
        else close();
      }}
      title={T.title}
      description={T.warning}
      descriptionTone="warning"
      closeLabel="Fechar janela"
      trigger={<Trigger $variant="primary">{ADMIN_TEXTS.found.changePlan}</Trigger>}
    >
      <Facts>
        <dt>{ADMIN_TEXTS.found.name}</dt>
        <dd>{user.fullName || ADMIN_TEXTS.found.missing}</dd>
        <dt>{ADMIN_TEXTS.found.nickname}</dt>
        <dd>{user.nickname || ADMIN_TEXTS.found.missing}</dd>
        <dt>{ADMIN_TEXTS.found.phone}</dt>
        <dd>{user.phone}</dd>
        <dt>{T.currentPlan}</dt>
        <dd>
          <AdminPlanBadge plan={user.plan} />
        </dd>
      </Facts>
      <Select label={T.newPlan} value={selected} disabled={saving} onChange={(e) => setSelected(e.target.value as Plan | "")}>
        <option value="">{T.choose}</option>
        {PLAN_OPTIONS.map((plan) => (
          <option key={plan} value={plan}>
            {plan.toUpperCase()}
          </option>
        ))}
      </Select>
      <Buttons>
        <Button $variant="outline" onClick={close} disabled={saving}>
          {T.cancel}
        </Button>
        <Button $variant="danger" onClick={() => void confirm()} disabled={!canConfirm} aria-busy={saving}>
          {saving ? T.busy : T.confirm}
        </Button>
      </Buttons>
    </Dialog>
  );
}
