import styled from "styled-components";
import { Button, ButtonLink } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { Card, Centered, Container, Lead, PageTitle } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { useInvitation } from "./ambassadorLookup";
import { INVITATION_TEXTS as T } from "./invitationTexts";
import { PAGE_TITLES, useDocumentTitle } from "../../lib/documentTitle";

const SIGNUP_PATH = "/?signup=true";

const Checking = styled.div`
  min-height: 50vh;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  color: #fff;
  text-align: center;
  background:
    radial-gradient(circle at 50% 0%, rgba(217, 169, 63, 0.38), transparent 55%),
    linear-gradient(165deg, ${({ theme }) => theme.colors.brand}, ${({ theme }) => theme.colors.brandDark});
  padding: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xxxl};
  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.xxl} 0 5.5rem;
  }
`;

const HeroInner = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 620px;
  margin: 0 auto;
`;

const Seal = styled.div`
  display: grid;
  place-items: center;
  width: 76px;
  height: 76px;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.08);
  color: ${({ theme }) => theme.colors.gold};
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.gold}, 0 0 0 10px rgba(217, 169, 63, 0.16);
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const Title = styled.h1`
  color: #fff;
  font-size: 2.25rem;
  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.hero};
  }
`;

const InvitedBy = styled.p`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  span {
    color: rgba(255, 255, 255, 0.85);
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  strong {
    color: ${({ theme }) => theme.colors.goldLight};
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    overflow-wrap: anywhere;
  }
`;

const Tagline = styled.p`
  color: rgba(255, 255, 255, 0.92);
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const CtaBlock = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  margin-top: ${({ theme }) => theme.space.sm};
  a { width: 100%; }
  ${({ theme }) => theme.media.sm} {
    a { width: auto; min-width: 300px; }
  }
`;

const CtaNote = styled.p<{ $onBrand?: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ $onBrand, theme }) => ($onBrand ? "rgba(255, 255, 255, 0.85)" : theme.colors.textMuted)};
`;

const Body = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  margin-top: -${({ theme }) => theme.space.xxl};
  padding-bottom: ${({ theme }) => theme.space.xxl};
  position: relative;
`;

const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const PanelTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;

const Grid = styled.ul<{ $min: string }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min}, 1fr));
`;

const Benefit = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; margin-bottom: ${({ theme }) => theme.space.xxs}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Mark = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brand};
`;

const Plan = styled.li`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border-top: 4px solid ${({ theme }) => theme.colors.gold};
  background: ${({ theme }) => theme.colors.background};
  h3 {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.heavy};
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.brand};
    margin-bottom: ${({ theme }) => theme.space.xxs};
  }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Note = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.goldDeep};
`;

const Action = styled.li`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  h3 { color: ${({ theme }) => theme.colors.goldLight}; font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.xxs}; }
  p { color: rgba(255, 255, 255, 0.9); font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Closing = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  a { width: 100%; }
  ${({ theme }) => theme.media.sm} {
    a { width: auto; min-width: 300px; }
  }
`;

const ValidBy = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.gold};
  background: #fbf1d6;
  color: ${({ theme }) => theme.colors.warningText};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  overflow-wrap: anywhere;
`;

function Invited({ name }: { name: string }) {
  return (
    <>
      <Hero aria-labelledby="convite-titulo">
        <Container>
          <HeroInner>
            <Seal>
              <Crown size={40} />
            </Seal>
            <Title id="convite-titulo">{T.invitedTitle}</Title>
            <InvitedBy>
              <span>{T.invitedBy}</span>
              <strong>{name}</strong>
            </InvitedBy>
            <Tagline>{T.tagline}</Tagline>
            <CtaBlock>
              <ButtonLink to={SIGNUP_PATH} $variant="gold" $size="lg">
                {T.cta}
              </ButtonLink>
              <CtaNote $onBrand>{T.ctaNote}</CtaNote>
            </CtaBlock>
          </HeroInner>
        </Container>
      </Hero>

      <Body>
        <Panel aria-labelledby="convite-beneficios">
          <PanelTitle id="convite-beneficios">{T.benefitsTitle}</PanelTitle>
          <Grid $min="240px">
            {T.benefits.map((benefit) => (
              <Benefit key={benefit.title}>
                <Mark>
                  <Crown size={20} />
                </Mark>
                <div>
                  <h3>{benefit.title}</h3>
                  <p>{benefit.text}</p>
                </div>
              </Benefit>
            ))}
          </Grid>
        </Panel>

        <Panel aria-labelledby="convite-planos">
          <PanelTitle id="convite-planos">{T.plansTitle}</PanelTitle>
          <Grid $min="200px">
            {T.plans.map((plan) => (
              <Plan key={plan.name}>
                <h3>{plan.name}</h3>
                <p>{plan.text}</p>
              </Plan>
            ))}
          </Grid>
          <Note>{T.plansNote}</Note>
        </Panel>

        <Panel aria-labelledby="convite-fazer">
          <PanelTitle id="convite-fazer">{T.doTitle}</PanelTitle>
          <Grid $min="200px">
            {T.doItems.map((item) => (
              <Action key={item.name}>
                <h3>{item.name}</h3>
                <p>{item.text}</p>
              </Action>
            ))}
          </Grid>
        </Panel>

        <Closing>
          <ButtonLink to={SIGNUP_PATH} $size="lg">
            {T.cta}
          </ButtonLink>
          <ValidBy>
            <Crown size={18} />
            {T.validBy(name)}
          </ValidBy>
        </Closing>
      </Body>
    </>
  );
}

/** The invitation page for `/?id={code}` (spec part 2 §2), shown to visitors who are not signed in. */
export function InvitationPage({ code }: { code: string }) {
  useDocumentTitle(PAGE_TITLES.invitation);
  const { state, retry } = useInvitation(code);

  if (state.kind === "checking") {
    return (
      <Checking role="status">
        <Spinner />
        {T.checking}
      </Checking>
    );
  }
  if (state.kind === "busy") {
    return (
      <Centered>
        <Card aria-labelledby="convite-ocupado">
          <PageTitle id="convite-ocupado">{T.busyTitle}</PageTitle>
          <Lead>{T.busyText}</Lead>
          <Button onClick={retry}>{T.retry}</Button>
        </Card>
      </Centered>
    );
  }
  if (state.kind === "invalid") {
    return (
      <Centered>
        <Card aria-labelledby="convite-invalido">
          <PageTitle id="convite-invalido">{T.invalidTitle}</PageTitle>
          <Lead>{T.invalidText}</Lead>
          <p>{T.invalidHint}</p>
          <ButtonLink to="/">{T.home}</ButtonLink>
        </Card>
      </Centered>
    );
  }
  return <Invited name={state.name} />;
}
