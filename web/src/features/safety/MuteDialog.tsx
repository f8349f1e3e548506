import { useId, useState } from "react";
import { useMutation } from "@apollo/client/react";
import styled from "styled-components";
import { MUTE_DAYS } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { ChoiceCard, Fieldset } from "../../components/FormControls";
import { useToast } from "../../components/Toast";
import { MuteMemberDocument } from "./documents";
import { MUTE_TEXTS as M } from "./muteTexts";
import { SAFETY_TEXTS as T } from "./safetyTexts";

export interface MuteTarget {
  userId: number;
  name: string;
}

type Length = (typeof MUTE_DAYS)[number] | "forever";
const LENGTHS: readonly Length[] = [...MUTE_DAYS, "forever"];

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  & > * { flex: 1 1 140px; }
`;

/**
 * 'Silenciar' (issue 27): for 1 day, 7 days or until she lifts it. Her messages still arrive in the
 * conversation, without popup, notice or badge (the server leaves them out); the badge and the list
 * are read again at once, so what she muted stops counting now. Loaded the first time it opens.
 */
export function MuteDialog({ target, onClose, onMuted }: { target: MuteTarget | null; onClose: () => void; onMuted?: (target: MuteTarget) => void }) {
  const { toast } = useToast();
  const name = useId();
  const [length, setLength] = useState<Length>(1);
  // The badge and the conversation list, where shown, drop her messages at once.
  const [muteMember, { loading }] = useMutation(MuteMemberDocument, { refetchQueries: ["UnreadCount", "Conversations"] });
  const fail = (description: string = M.muteFailed) => toast({ title: T.errorTitle, description, variant: "destructive" });

  const confirm = async () => {
    if (!target) return;
    try {
      const { data } = await muteMember({ variables: { userId: target.userId, days: length === "forever" ? null : length } });
      const result = data?.muteMember;
      if (result?.__typename !== "MemberMute") return fail(result?.__typename === "AppError" ? result.message : undefined);
      onClose();
      setLength(1);
      toast({ title: M.muted(target.name) });
      onMuted?.(target);
    } catch {
      fail();
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && !loading && onClose()}
      title={target ? M.muteTitle(target.name) : ""}
      description={M.muteText}
      closeLabel="Fechar janela"
    >
      <Fieldset disabled={loading}>
        <legend>{M.muteLengthLegend}</legend>
        {LENGTHS.map((value) => (
          <ChoiceCard key={value} name={name} value={String(value)} title={M.muteLengths[value]} checked={length === value} onChange={() => setLength(value)} />
        ))}
      </Fieldset>
      <Buttons>
        <Button $variant="outline" onClick={onClose} disabled={loading}>
          {T.cancel}
        </Button>
        <Button $variant="primary" onClick={() => void confirm()} disabled={loading} aria-busy={loading}>
          {loading ? M.muteBusy : T.mute}
        </Button>
      </Buttons>
    </Dialog>
  );
}
