import { ButtonLink } from "../../components/Button";
import { Card, Centered, Lead, PageTitle } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

export function AccessDenied({ text }: { text: string }) {
  useDocumentTitle(PAGE_TITLES.accessDenied);
  return (
    <Centered>
      <Card role="alert">
        <PageTitle>{WEB_TEXTS.admin.deniedTitle}</PageTitle>
        <Lead>{text}</Lead>
        <ButtonLink to="/">{WEB_TEXTS.admin.backHome}</ButtonLink>
      </Card>
    </Centered>
  );
}
