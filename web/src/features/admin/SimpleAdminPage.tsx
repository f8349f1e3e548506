import { Card, Container, Lead } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";
import { AdminHeader } from "./AdminHeader";

/** /admin-simples, loaded on demand for superusers. User search and plan change come later. */
export default function SimpleAdminPage() {
  return (
    <>
      <AdminHeader title={WEB_TEXTS.admin.simpleTitle} subtitle={WEB_TEXTS.admin.simpleSubtitle} />
      <Container>
        <Card>
          <Lead>{WEB_TEXTS.admin.soon}</Lead>
        </Card>
      </Container>
    </>
  );
}
