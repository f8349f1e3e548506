import { Card, Container, Lead } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";
import { AdminHeader } from "./AdminHeader";

/** /admin, loaded on demand for superusers. The metrics and tables come in a later issue. */
export default function AdminDashboardPage() {
  return (
    <>
      <AdminHeader title={WEB_TEXTS.admin.dashboardTitle} subtitle={WEB_TEXTS.admin.dashboardSubtitle} />
      <Container>
        <Card>
          <Lead>{WEB_TEXTS.admin.soon}</Lead>
        </Card>
      </Container>
    </>
  );
}
