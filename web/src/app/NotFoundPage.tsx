import { TEXTS } from "@clube-coroa/schema";
import { ButtonLink } from "../components/Button";
import { Card, Centered, Lead, PageTitle } from "../components/Page";
import { WEB_TEXTS } from "../lib/texts";
import { PAGE_TITLES, useDocumentTitle } from "../lib/documentTitle";

export function NotFoundPage() {
  useDocumentTitle(PAGE_TITLES.notFound);
  return (
    <Centered>
      <Card>
        <PageTitle>{TEXTS.notFoundTitle}</PageTitle>
        <Lead>{WEB_TEXTS.notFound.text}</Lead>
        <ButtonLink to="/">{WEB_TEXTS.notFound.home}</ButtonLink>
      </Card>
    </Centered>
  );
}
