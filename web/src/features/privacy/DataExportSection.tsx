import { useId } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { saoPauloDayAndTime } from "@clube-coroa/schema";
import { Button, ButtonAnchor } from "../../components/Button";
import { ProgressBar } from "../../components/ProgressBar";
import { useToast } from "../../components/Toast";
import { isPreparing, useLiveDataExport } from "../../lib/dataExport";
import { MyDataExportDocument, RequestDataExportDocument } from "./documents";
import { PRIVACY_TEXTS } from "./privacyTexts";

const T = PRIVACY_TEXTS.export;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  & > a, & > button { align-self: flex-start; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * 'Baixar meus dados' in 'Meus dados' (issue 30): the button, the progress while the zip is made
 * (live, from the export's subscription), then the link and until when it works. One request a
 * day: the server's refusal says when she may ask again.
 */
export function DataExportSection() {
  const { toast } = useToast();
  const titleId = useId();
  const { data } = useQuery(MyDataExportDocument, { fetchPolicy: "cache-and-network" });
  // The new request is her current export at once: its progress subscription takes it from there.
  const [requestExport, requesting] = useMutation(RequestDataExportDocument, {
    update(cache, { data: answer }) {
      const result = answer?.requestDataExport;
      if (result?.__typename === "DataExport") cache.writeQuery({ query: MyDataExportDocument, data: { myDataExport: result } });
    },
  });
  const current = useLiveDataExport(data?.myDataExport);

  const ask = async () => {
    if (requesting.loading) return;
    try {
      const { data: answer } = await requestExport();
      const result = answer?.requestDataExport;
      if (result?.__typename === "DataExport") toast({ title: T.requested });
      else toast({ title: PRIVACY_TEXTS.errorTitle, description: result?.__typename === "AppError" ? result.message : T.requestFailed, variant: "destructive" });
    } catch {
      toast({ title: PRIVACY_TEXTS.errorTitle, description: T.requestFailed, variant: "destructive" });
    }
  };

  const askButton = (label: string) => (
    <Button onClick={() => void ask()} disabled={requesting.loading}>
      {label}
    </Button>
  );

  return (
    <Box role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>{T.title}</h3>
      <Muted>{T.lead}</Muted>
      {isPreparing(current) ? (
        <div role="status">
          <p>{T.preparing(current!.progress)}</p>
          <ProgressBar value={current!.progress} label={T.progressLabel} />
        </div>
      ) : current?.status === "ready" && current.downloadUrl ? (
        <>
          <p role="status">{T.ready}</p>
          <ButtonAnchor href={current.downloadUrl} download>
            {T.download}
          </ButtonAnchor>
          {current.expiresAt && <Muted>{T.validUntil(saoPauloDayAndTime(current.expiresAt))}</Muted>}
        </>
      ) : current?.status === "failed" ? (
        <>
          <p role="alert">{T.failed}</p>
          {askButton(T.retry)}
        </>
      ) : (
        <>
          {current?.expired && <Muted>{T.expired}</Muted>}
          {askButton(T.request)}
        </>
      )}
    </Box>
  );
}
