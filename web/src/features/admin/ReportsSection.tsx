import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { useState } from "react";
import styled from "styled-components";
import type { ReportReasonName } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import type { AdminReportFieldsFragment, ReportStatus } from "../../gql/graphql";
import { formatDate } from "../../lib/format";
import { REPORT_TEXTS } from "../../lib/reportTexts";
import { AdminSection, DataTable, MoreRow, Nowrap, TableRows, StatusBadge, Sub, truncate, type Tone, appendNew, useNextPage } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { AdminReportsDocument, ReportAddedDocument, UpdateReportStatusDocument } from "./documents";

const T = ADMIN_TEXTS.reports;
export const REPORTS_PAGE_SIZE = 50;
type Report = AdminReportFieldsFragment;

/** Spec: Pendente (pending), Resolvido (resolved), Descartado (anything else). */
function statusOf(status: ReportStatus): { label: string; tone: Tone } {
  if (status === "pending") return { label: T.status.pending, tone: "warning" };
  if (status === "resolved") return { label: T.status.resolved, tone: "success" };
  return { label: T.status.dismissed, tone: "neutral" };
}

const reasonLabel = (reason: string) => REPORT_TEXTS.reasons[reason as ReportReasonName] ?? reason;

/** What a report is about, as the queue groups pending reports (issue 27): the offer, the member, or the message. */
const targetKey = (r: Report) =>
  r.kind === "offer" ? `offer:${r.offer?.id ?? `r${r.id}`}` : r.kind === "member" ? `member:${r.reportedUser?.id ?? `r${r.id}`}` : `message:${r.reportedMessage?.id ?? `r${r.id}`}`;

/** The page's reports, each pending target once (its newest report; a decision decides the target's others with it). */
function groupedByTarget(reports: Report[]): Report[] {
  const seen = new Set<string>();
  return reports.filter((r) => {
    if (r.status !== "pending") return true;
    const key = targetKey(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const ActionCell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 190px;
`;

const ActionButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const HideLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.tapTarget};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  cursor: pointer;
  input { width: 20px; height: 20px; margin: 0; accent-color: ${({ theme }) => theme.colors.brand}; }
`;

const OfferCell = styled.div`
  max-width: 280px;
  strong { display: block; }
`;

/** 'Relatórios de Abuso': the reports table; new reports arrive live, pending ones are resolved or dismissed. */
export function ReportsSection() {
  const { data, loading, error, fetchMore, refetch } = useQuery(AdminReportsDocument, {
    variables: { first: REPORTS_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const [updateReportStatus] = useMutation(UpdateReportStatusDocument);
  const [updating, setUpdating] = useState<number | null>(null);
  const [hideOffer, setHideOffer] = useState<Record<number, boolean>>({});

  useSubscription(ReportAddedDocument, {
    onData: ({ client, data: event }) => {
      const report = event.data?.reportAdded;
      if (!report) return;
      client.cache.updateQuery({ query: AdminReportsDocument, variables: { first: REPORTS_PAGE_SIZE } }, (previous) => {
        if (!previous || previous.adminReports.items.some((r) => r.id === report.id)) return previous;
        return { adminReports: { ...previous.adminReports, items: [report, ...previous.adminReports.items] } };
      });
    },
  });

  const reports = groupedByTarget(data?.adminReports.items ?? []);
  const nextCursor = data?.adminReports.nextCursor ?? null;

  const update = async (report: Report, status: "resolved" | "dismissed") => {
    if (updating !== null) return;
    setUpdating(report.id);
    try {
      const { data: answer } = await updateReportStatus({
        variables: { reportId: report.id, status, ...(status === "resolved" && hideOffer[report.id] ? { hideOffer: true } : {}) },
      });
      const result = answer?.updateReportStatus;
      // Spec part 2 section 8: a failed status update is only logged; nothing is shown to her.
      if (result?.__typename === "AppError") console.error("updateReportStatus refused", result.code, result.message);
      // The target's other pending reports were decided with it: the list is read again.
      else if (report.openOnTarget > 1) void refetch().catch(() => undefined);
    } catch (failure) {
      console.error("updateReportStatus failed", failure);
    } finally {
      setUpdating(null);
    }
  };

  const { loadMore, loadingMore } = useNextPage(
    nextCursor,
    (after) =>
      fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          adminReports: { ...fetchMoreResult.adminReports, items: appendNew(previous.adminReports.items, fetchMoreResult.adminReports.items) },
        }),
      }),
    "adminReports",
  );

  return (
    <AdminSection title={T.title} busy={loading}>
      <DataTable
        caption={T.caption}
        minWidth={980}
        columns={[T.columns.id, T.columns.kind, T.columns.user, T.columns.offer, T.columns.reason, T.columns.status, T.columns.date, T.columns.actions]}
      >
        <TableRows
          loading={!data && loading}
          failed={!data && !!error}
          empty={reports.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {reports.map((report) => {
            const status = statusOf(report.status);
            const pending = report.status === "pending";
            const busy = updating === report.id;
            const canHide = pending && !!report.offer && !report.offer.hidden;
            return (
              <tr key={report.id} aria-busy={busy || undefined} data-report={report.id}>
                <th scope="row">
                  <Nowrap>#{report.id}</Nowrap>
                </th>
                <td>
                  {T.kinds[report.kind]}
                  {pending && report.openOnTarget > 1 && <Sub>{T.openOnTarget(report.openOnTarget)}</Sub>}
                </td>
                <td>
                  {report.reportedUser ? (
                    <>
                      {report.reportedUser.fullName ?? T.noName}
                      <Sub>{report.reportedUser.phone}</Sub>
                    </>
                  ) : (
                    T.noUser
                  )}
                </td>
                <td>
                  {report.kind === "message" && report.reportedMessage ? (
                    <OfferCell>
                      <Sub as="span" title={report.reportedMessage.content} style={{ whiteSpace: "normal" }}>
                        “{truncate(report.reportedMessage.content, 160)}”
                      </Sub>
                      <Sub>{T.messageSentAt(formatDate(report.reportedMessage.sentAt))}</Sub>
                    </OfferCell>
                  ) : report.kind === "member" ? (
                    T.noTarget
                  ) : report.offer ? (
                    <OfferCell>
                      <strong title={report.offer.title}>{truncate(report.offer.title, 60)}</strong>
                      <Sub as="span" title={report.offer.content} style={{ whiteSpace: "normal" }}>
                        {truncate(report.offer.content, 100)}
                      </Sub>
                      {report.offer.hidden && <Sub>{T.offerHidden}</Sub>}
                      {!report.offer.hidden && report.offer.underReview && <Sub>{T.offerUnderReview}</Sub>}
                    </OfferCell>
                  ) : (
                    T.noOffer
                  )}
                </td>
                <td>
                  {reasonLabel(report.reason)}
                  {report.customReason && <Sub style={{ whiteSpace: "normal" }}>{truncate(report.customReason, 120)}</Sub>}
                </td>
                <td>
                  <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                </td>
                <td>
                  <Nowrap>{formatDate(report.createdAt)}</Nowrap>
                </td>
                <td>
                  {pending && (
                    <ActionCell>
                      <ActionButtons>
                        <Button
                          $size="sm"
                          disabled={updating !== null}
                          aria-label={`${T.resolve} #${report.id}`}
                          onClick={() => void update(report, "resolved")}
                        >
                          {T.resolve}
                        </Button>
                        <Button
                          $size="sm"
                          $variant="outline"
                          disabled={updating !== null}
                          aria-label={`${T.dismiss} #${report.id}`}
                          onClick={() => void update(report, "dismissed")}
                        >
                          {T.dismiss}
                        </Button>
                      </ActionButtons>
                      {canHide && (
                        <HideLabel>
                          <input
                            type="checkbox"
                            checked={!!hideOffer[report.id]}
                            disabled={updating !== null}
                            onChange={(e) => setHideOffer((h) => ({ ...h, [report.id]: e.target.checked }))}
                          />
                          {T.hideOffer}
                        </HideLabel>
                      )}
                    </ActionCell>
                  )}
                </td>
              </tr>
            );
          })}
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
