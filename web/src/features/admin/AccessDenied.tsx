import { ButtonLink } from "../../components/Button";
import { Card, Centered, Lead, PageTitle } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";

export function AccessDenied({ text }: { text: string }) {
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
