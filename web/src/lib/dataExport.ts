import { useSubscription } from "@apollo/client/react";
import { graphql } from "../gql";
import type { DataExportFieldsFragment as DataExportFields } from "../gql/graphql";

/**
 * 'Baixar meus dados' (issue 30), read by her panel (features/privacy) and by the staff's member
 * view (features/admin), which prepares the same zip for a request made by e-mail: the export's
 * fields and its live progress, below both features.
 */
export const DataExportFieldsDocument = graphql(`
  fragment DataExportFields on DataExport {
    id
    status
    progress
    createdAt
    readyAt
    expiresAt
    expired
    downloadUrl
  }
`);

export const DataExportProgressDocument = graphql(`
  subscription DataExportProgress($id: String!) {
    dataExportProgress(id: $id) {
      ...DataExportFields
    }
  }
`);

export const isPreparing = (exp: Pick<DataExportFields, "status"> | null | undefined) => exp?.status === "queued" || exp?.status === "running";

/**
 * The export as it moves: while it is queued or running, its progress subscription (which ends at
 * ready or failed) updates it; the cache keeps the newest state for the query that showed it.
 */
export function useLiveDataExport(current: DataExportFields | null | undefined): DataExportFields | null {
  const preparing = isPreparing(current);
  const { data } = useSubscription(DataExportProgressDocument, { variables: { id: current?.id ?? "" }, skip: !preparing });
  const live = data?.dataExportProgress;
  if (current && live && live.id === current.id) return live as DataExportFields;
  return current ?? null;
}
