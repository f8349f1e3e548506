import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { Tag } from "../../components/Badge";
import { Container, Lead, PageTitle } from "../../components/Page";
import { WEB_TEXTS } from "../../lib/texts";

const Header = styled.div`
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.tapTarget};
  font-weight: 700;
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

export function AdminHeader({ title, subtitle, actions }: { title: string; subtitle: string; actions?: ReactNode }) {
  return (
    <Container>
      <Header>
        <Back to="/">← {WEB_TEXTS.admin.backHome}</Back>
        <TitleRow>
          <PageTitle>{title}</PageTitle>
          <Tag>{WEB_TEXTS.admin.superUserBadge}</Tag>
        </TitleRow>
        <Lead>{subtitle}</Lead>
        {actions && <Actions>{actions}</Actions>}
      </Header>
    </Container>
  );
}
