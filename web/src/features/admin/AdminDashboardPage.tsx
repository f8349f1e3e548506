import { useQuery, useSubscription } from "@apollo/client/react";
import styled from "styled-components";
import { Container } from "../../components/Page";
import { useRefetchOnReconnect } from "../../lib/useRefetchOnReconnect";
import { WEB_TEXTS } from "../../lib/texts";
import { AccessDenied } from "./AccessDenied";
import { AdminHeader } from "./AdminHeader";
import { isAccessDenied } from "./adminUi";
import { AuditSection } from "./AuditSection";
import { BannersSection } from "./BannersSection";
import { AdminReportsDocument, AdminStatsChangedDocument, AdminStatsDocument } from "./documents";
import { ExcelDownloadButton } from "./ExcelDownloadButton";
import { PartnerKeysSection } from "./PartnerKeysSection";
import { ReportsSection } from "./ReportsSection";
import { SponsorSection } from "./SponsorSection";
import { StatsSection } from "./StatsSection";
import { SuperUsersSection } from "./SuperUsersSection";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding-bottom: ${({ theme }) => theme.space.xxl};
`;

/**
 * /admin, loaded on demand for superusers. The server has the last word: a FORBIDDEN or
 * UNAUTHENTICATED answer to the metrics shows 'Acesso Negado' whatever the client believed.
 */
export default function AdminDashboardPage() {
  useDocumentTitle(PAGE_TITLES.adminDashboard);
  const { data, loading, error, refetch } = useQuery(AdminStatsDocument, { notifyOnNetworkStatusChange: true });
  const denied = isAccessDenied(error);

  // Counts are pushed (no 30 s poll); after a reconnection, fetch what moved while the socket was down.
  useSubscription(AdminStatsChangedDocument, {
    skip: denied,
    onData: ({ client: c, data: change }) => {
      const stats = change.data?.adminStatsChanged;
      if (stats) c.writeQuery({ query: AdminStatsDocument, data: { adminStats: stats } });
    },
  });
  useRefetchOnReconnect([AdminStatsDocument, AdminReportsDocument]);

  if (denied) return <AccessDenied text={WEB_TEXTS.admin.deniedDashboard} />;

  return (
    <>
      <AdminHeader title={WEB_TEXTS.admin.dashboardTitle} subtitle={WEB_TEXTS.admin.dashboardSubtitle} actions={<ExcelDownloadButton />} />
      <Container>
        <Sections>
          <StatsSection stats={data?.adminStats} loading={loading} failed={!!error && !data} onRetry={() => void refetch().catch(() => undefined)} />
          <SponsorSection />
          <PartnerKeysSection />
          <ReportsSection />
          <BannersSection />
          <SuperUsersSection />
          <AuditSection />
        </Sections>
      </Container>
    </>
  );
}
