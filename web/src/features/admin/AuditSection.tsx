import { useQuery } from "@apollo/client/react";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { formatDateTime } from "../../lib/format";
import { AdminSection, DataTable, MoreRow, Nowrap, TableRows, Sub, appendNew, useNextPage } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { AuditLogDocument } from "./documents";

const T = ADMIN_TEXTS.audit;
export const AUDIT_PAGE_SIZE = 20;
const Code = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`;

/** 'Auditoria': the latest admin actions (who, what, when, from which address), newest first. */
export function AuditSection() {
  const { data, loading, error, fetchMore, refetch } = useQuery(AuditLogDocument, {
    variables: { first: AUDIT_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const items = data?.auditLog.items ?? [];
  const nextCursor = data?.auditLog.nextCursor ?? null;

  const { loadMore, loadingMore } = useNextPage(
    nextCursor,
    (after) =>
      fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          auditLog: { ...fetchMoreResult.auditLog, items: appendNew(previous.auditLog.items, fetchMoreResult.auditLog.items) },
        }),
      }),
    "auditLog",
  );

  return (
    <AdminSection
      title={T.title}
      lead={T.lead}
      busy={loading}
      actions={
        <Button $variant="ghost" $size="sm" onClick={() => void refetch().catch(() => undefined)} disabled={loading}>
          {ADMIN_TEXTS.refresh}
        </Button>
      }
    >
      <DataTable
        caption={T.caption}
        minWidth={700}
        columns={[T.columns.action, T.columns.actor, T.columns.target, T.columns.createdAt, T.columns.ip]}
      >
        <TableRows
          loading={!data && loading}
          failed={!data && !!error}
          empty={items.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {items.map((entry) => (
            <tr key={entry.id}>
              <th scope="row">
                <Code>{entry.action}</Code>
              </th>
              <td>
                {entry.actor ? (
                  <>
                    {entry.actor.fullName ?? ADMIN_TEXTS.reports.noName}
                    <Sub>{entry.actor.phone}</Sub>
                  </>
                ) : (
                  T.system
                )}
              </td>
              <td>
                <Nowrap>{[entry.targetType, entry.targetId].filter(Boolean).join(" #")}</Nowrap>
              </td>
              <td>
                <Nowrap>{formatDateTime(entry.createdAt)}</Nowrap>
              </td>
              <td>
                <Code>{entry.ip ?? ""}</Code>
              </td>
            </tr>
          ))}
        </TableRows>
      </DataTable>
      {nextCursor && (
        <MoreRow>
          <span />
          <Button $variant="outline" $size="sm" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? T.loadingMore : T.loadMore}
          </Button>
        </MoreRow>
      )}
    </AdminSection>
  );
}
