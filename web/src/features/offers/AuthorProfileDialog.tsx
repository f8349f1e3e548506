import { type ReactNode, useEffect } from "react";
import { useQuery } from "@apollo/client/react";
import type { PlanName } from "@clube-coroa/schema";
import styled from "styled-components";
import { Avatar, isPhotoUrl } from "../../components/Avatar";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { REPORT_TEXTS } from "../../lib/reportTexts";
import { Dialog } from "../../components/Dialog";
import { Skeleton } from "../../components/Spinner";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { AuthorProfileQuery } from "../../gql/graphql";
import { AUTHOR_TEXTS, instagramLink, tiktokLink, webUrl, type SocialKind } from "./authorProfile";
import { AuthorProfileDocument } from "./documents";
import { SAFETY_TEXTS } from "../safety";

const T = AUTHOR_TEXTS;

/** Whose profile to show: the card already knows her id, name and plan. */
export interface AuthorRef {
  id: number;
  name: string;
}

type Profile = Extract<AuthorProfileQuery["publicProfile"], { __typename: "PublicProfile" }>;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Banner = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const PhotoWrap = styled.span`
  position: relative;
  flex: none;
`;

const Dot = styled.span<{ $online: boolean }>`
  position: absolute;
  right: 4px;
  bottom: 4px;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.surface};
  background: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.borderStrong)};
`;

const Names = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Name = styled.p`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Presence = styled.p<{ $online: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.textMuted)};
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  margin: ${({ theme }) => theme.space.xxs} 0 0;
  list-style: none;
  li {
    padding: 0.2em 0.8em;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.brandSoft};
    color: ${({ theme }) => theme.colors.brand};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Links = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0;
  margin: ${({ theme }) => theme.space.xxs} 0 0;
  list-style: none;
  a {
    display: inline-flex;
    min-height: ${({ theme }) => theme.tapTarget};
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.brand};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    overflow-wrap: anywhere;
  }
`;

const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  text-align: center;
  padding: ${({ theme }) => theme.space.md} 0;
`;

const displayNameOf = (p: Profile, fallback: string) => p.displayName || p.nickname || p.fullName || fallback;

const hostLabel = (href: string) => href.replace(/^https?:\/\//, "").replace(/\/$/, "");

function socialLinks(p: Profile): { kind: SocialKind; href: string; label: string }[] {
  const links: { kind: SocialKind; href: string; label: string }[] = [];
  const instagram = instagramLink(p.instagram);
  if (instagram) links.push({ kind: "instagram", ...instagram });
  const tiktok = tiktokLink(p.tiktok);
  if (tiktok) links.push({ kind: "tiktok", ...tiktok });
  for (const kind of ["website", "linkedin", "youtube", "facebook"] as const) {
    const href = webUrl(p[kind]);
    if (href) links.push({ kind, href, label: hostLabel(href) });
  }
  return links;
}

function ProfileSkeleton() {
  return (
    <Body aria-hidden="true" data-testid="author-profile-skeleton">
      <Head>
        <Skeleton $width="88px" $height="88px" style={{ borderRadius: "50%", flex: "none" }} />
        <Names style={{ flex: 1 }}>
          <Skeleton $width="60%" $height="1.3em" />
          <Skeleton $width="35%" $height="0.9em" />
          <Skeleton $width="45%" $height="0.9em" />
        </Names>
      </Head>
      <Skeleton $width="80%" $height="0.9em" />
      <Skeleton $width="100%" $height="3em" />
    </Body>
  );
}

function ProfileView({ profile, fallbackName }: { profile: Profile; fallbackName: string }) {
  const name = displayNameOf(profile, fallbackName);
  const location = [profile.city, profile.state].filter(Boolean).join(" - ");
  const links = socialLinks(profile);
  const bannerHref = webUrl(profile.bannerLink);
  const banner = isPhotoUrl(profile.bannerImageUrl) ? <Banner src={profile.bannerImageUrl} alt={T.banner(name)} /> : null;
  return (
    <Body>
      {banner &&
        (bannerHref ? (
          <a href={bannerHref} target="_blank" rel="noopener noreferrer" aria-label={T.bannerLink(name)}>
            {banner}
          </a>
        ) : (
          banner
        ))}
      <Head>
        <PhotoWrap>
          <Avatar name={name} photo={profile.profilePhotoUrl} size={88} />
          <Dot $online={profile.isOnline} aria-hidden="true" data-testid="presence-dot" data-online={profile.isOnline} />
        </PhotoWrap>
        <Names>
          <Name>{name}</Name>
          <PlanBadge plan={profile.plan} label="Plano" />
          <Muted>{T.since(profile.joinYear)}</Muted>
          <Presence $online={profile.isOnline}>{profile.isOnline ? T.online : T.offline}</Presence>
        </Names>
      </Head>

      <Facts>
        {profile.professionalActivity && (
          <div>
            <dt>{T.activity}</dt>
            <dd>{profile.professionalActivity}</dd>
          </div>
        )}
        {location && (
          <div>
            <dt>{T.location}</dt>
            <dd>{location}</dd>
          </div>
        )}
        {profile.interests.length > 0 && (
          <div>
            <dt>{T.interests}</dt>
            <dd>
              <Tags aria-label={T.interests}>
                {profile.interests.map((interest) => (
                  <li key={interest}>{interest}</li>
                ))}
              </Tags>
            </dd>
          </div>
        )}
        {profile.miniBio && (
          <div>
            <dt>{T.about}</dt>
            <dd>{profile.miniBio}</dd>
          </div>
        )}
        {links.length > 0 && (
          <div>
            <dt>{T.links}</dt>
            <dd>
              <Links aria-label={T.links}>
                {links.map((link) => (
                  <li key={link.kind}>
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {T.social[link.kind]}: {link.label}
                      <VisuallyHidden> {T.newTab}</VisuallyHidden>
                    </a>
                  </li>
                ))}
              </Links>
            </dd>
          </div>
        )}
      </Facts>
    </Body>
  );
}

/**
 * The member profile view opened from an offer card's avatar (spec part 1 section 2). The server
 * decides who may see it: a refusal by plan hands over to the upgrade prompt, others are shown.
 */
const BlockRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
`;

export function AuthorProfileDialog({
  author,
  onClose,
  onUpgradeRequired,
  onBlock,
  onMute,
  children,
  onReport,
}: {
  author: AuthorRef | null;
  onClose: () => void;
  onUpgradeRequired: (targetPlan: PlanName) => void;
  /** 'Bloquear' under her profile (issue 27); absent on her own. */
  onBlock?: (author: AuthorRef) => void;
  /** 'Silenciar' beside it. */
  onMute?: (author: AuthorRef) => void;
  /** What the opener adds below her profile once it is shown ('Parceiras': her offers and 'Enviar mensagem'). */
  children?: ReactNode;
  /** 'Denunciar' her (issue 27); absent on her own. */
  onReport?: (author: AuthorRef) => void;
}) {
  const { data, loading, error, refetch } = useQuery(AuthorProfileDocument, {
    variables: { id: author?.id ?? 0 },
    skip: !author,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const answer = author && !loading ? data?.publicProfile : undefined;
  const profile = answer?.__typename === "PublicProfile" && answer.id === author?.id ? answer : null;
  const upgradeTarget = answer?.__typename === "UpgradeRequiredError" ? answer.targetPlan : null;
  useEffect(() => {
    if (upgradeTarget) onUpgradeRequired(upgradeTarget);
  }, [upgradeTarget, onUpgradeRequired]);
  const title = author ? (profile ? displayNameOf(profile, author.name) : author.name) || T.fallbackTitle : T.fallbackTitle;

  let content;
  if (!author || upgradeTarget) content = null;
  else if (profile) {
    content = (
      <>
        <ProfileView profile={profile} fallbackName={author.name} />
        {children}
        {(onBlock || onMute || onReport) && (
          <BlockRow>
            {onReport && (
              <Button $variant="ghost" $size="sm" onClick={() => onReport(author)}>
                {REPORT_TEXTS.report}
              </Button>
            )}
            {onMute && (
              <Button $variant="ghost" $size="sm" onClick={() => onMute(author)}>
                {SAFETY_TEXTS.mute}
              </Button>
            )}
            {onBlock && (
              <Button $variant="ghost" $size="sm" onClick={() => onBlock(author)}>
                {SAFETY_TEXTS.block}
              </Button>
            )}
          </BlockRow>
        )}
      </>
    );
  }
  else if (loading) {
    content = (
      <div aria-busy="true">
        <VisuallyHidden role="status">{T.loading}</VisuallyHidden>
        <ProfileSkeleton />
      </div>
    );
  } else if (error) {
    content = (
      <Center role="alert">
        <strong>{T.errorTitle}</strong>
        <Muted>{T.errorText}</Muted>
        <Button $variant="outline" onClick={() => refetch().catch(() => undefined)}>
          {T.retry}
        </Button>
      </Center>
    );
  } else {
    content = (
      <Center>
        <Muted>{answer?.__typename === "AppError" && answer.code !== "NOT_FOUND" ? answer.message : T.notFound}</Muted>
      </Center>
    );
  }

  return (
    <Dialog open={!!author} onOpenChange={(open) => !open && onClose()} title={title} closeLabel={T.close}>
      {content}
    </Dialog>
  );
}
