import { useMutation } from "@apollo/client/react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useToast } from "../../components/Toast";
import { BlockMemberDocument } from "./documents";
import { SAFETY_TEXTS as T } from "./safetyTexts";

export interface BlockTarget {
  userId: number;
  name: string;
}

/**
 * 'Bloquear' asked once more (issue 27): from a card's menu, the author's profile or a conversation.
 * Its code loads the first time it opens (lazyWhenOpen at each use).
 */
export function BlockDialog({ target, onClose, onBlocked }: { target: BlockTarget | null; onClose: () => void; onBlocked?: (target: BlockTarget) => void }) {
  const { toast } = useToast();
  const [blockMember, { loading }] = useMutation(BlockMemberDocument);
  const fail = (description: string = T.blockFailed) => toast({ title: T.errorTitle, description, variant: "destructive" });

  const confirm = async () => {
    if (!target) return;
    try {
      const { data } = await blockMember({ variables: { userId: target.userId } });
      const result = data?.blockMember;
      if (result?.__typename !== "SafetyPayload") return fail(result?.__typename === "AppError" ? result.message : undefined);
      onClose();
      toast({ title: T.blocked(target.name) });
      onBlocked?.(target);
    } catch {
      fail();
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? T.blockTitle(target.name) : ""}
      text={T.blockText}
      confirmLabel={T.block}
      busyLabel={T.blockBusy}
      cancelLabel={T.cancel}
      busy={loading}
      onConfirm={() => void confirm()}
    />
  );
}
