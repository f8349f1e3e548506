import { useMutation, useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { saoPauloDayAndTime } from "@clube-coroa/schema";
import { Button, ButtonAnchor } from "../../components/Button";
import { ProgressBar } from "../../components/ProgressBar";
import { useToast } from "../../components/Toast";
import { isPreparing, useLiveDataExport } from "../../lib/dataExport";
import { ADMIN_TEXTS } from "./adminTexts";
import { AdminDataExportsDocument, AdminPrepareDataExportDocument } from "./documents";

const T = ADMIN_TEXTS.dataExport;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  & > div { align-self: stretch; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

/**
 * 'Usuário Encontrado' → her data for a request made by e-mail (issue 30): 'Preparar arquivo de
 * dados' (audited on the server), the progress live, then the staff's download link for 24 hours.
 */
export function StaffDataExport({ userId }: { userId: number }) {
  const { toast } = useToast();
  const { data } = useQuery(AdminDataExportsDocument, { variables: { userId }, fetchPolicy: "cache-and-network" });
  const [prepare, preparing] = useMutation(AdminPrepareDataExportDocument, { refetchQueries: ["AdminDataExports"] });
  const current = useLiveDataExport(data?.adminDataExports[0]);
  const failed = (text: string) => toast({ title: T.errorTitle, description: text, variant: "destructive" });

  const start = async () => {
    if (preparing.loading) return;
    try {
      const { data: answer } = await prepare({ variables: { userId } });
      const result = answer?.adminPrepareDataExport;
      if (result?.__typename === "DataExport") toast({ title: T.prepared });
      else failed(result?.__typename === "AppError" ? result.message : T.errorText);
    } catch {
      failed(T.errorText);
    }
  };

  return (
    <Column>
      <small>{T.hint}</small>
      {isPreparing(current) ? (
        <div role="status">
          <span>{T.preparing(current!.progress)}</span>
          <ProgressBar value={current!.progress} label={T.progressLabel} />
        </div>
      ) : (
        <>
          {current?.status === "ready" && current.downloadUrl && (
            <>
              <ButtonAnchor $size="sm" href={current.downloadUrl} download>
                {T.download}
              </ButtonAnchor>
              {current.expiresAt && <small>{T.validUntil(saoPauloDayAndTime(current.expiresAt))}</small>}
            </>
          )}
          {current?.status === "failed" && <span role="alert">{T.failed}</span>}
          <Button $variant="outline" $size="sm" onClick={() => void start()} disabled={preparing.loading}>
            {T.prepare}
          </Button>
        </>
      )}
    </Column>
  );
}
