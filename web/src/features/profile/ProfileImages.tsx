import { useRef, useState, type ChangeEvent } from "react";
import { useApolloClient } from "@apollo/client/react";
import styled from "styled-components";
import { Avatar, isPhotoUrl } from "../../components/Avatar";
import { Button } from "../../components/Button";
import { Card } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { hasPremiumProfile } from "./profileFormValues";
import { PROFILE_PAGE_TEXTS } from "./profileTexts";

const T = PROFILE_PAGE_TEXTS.images;

/** Upload limit of the server (spec: 'A imagem deve ter no máximo 5 MB'). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

type Kind = "PHOTO" | "BANNER";

const Section = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const PhotoRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  flex-wrap: wrap;
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  flex: 1 1 180px;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const BannerFrame = styled.div`
  width: 100%;
  aspect-ratio: 3 / 1;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
  padding: 0;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

/** The stored picture's fields, as the upload endpoint answers them in `profile`. */
interface UploadedProfile {
  id: number;
  profilePhoto: string | null;
  profilePhotoUrl: string | null;
  bannerImage: string | null;
  bannerImageUrl: string | null;
}

type UploadAnswer = { ok: true; profile: UploadedProfile } | { ok: false; message: string | null };

/**
 * Files go to the upload endpoint as multipart (GraphQL carries JSON only, with a small body
 * limit: docs/decisions/0008-graphql.md); the session cookie identifies her as on every request.
 */
async function uploadImage(kind: Kind, file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("file", file);
  try {
    const response = await fetch(`/api/profile/${kind === "PHOTO" ? "photo" : "banner"}`, {
      method: "POST",
      body,
      credentials: "same-origin",
    });
    const answer = (await response.json().catch(() => null)) as { profile?: UploadedProfile; error?: string } | null;
    if (response.ok && answer?.profile) return { ok: true, profile: answer.profile };
    return { ok: false, message: typeof answer?.error === "string" ? answer.error : null };
  } catch {
    return { ok: false, message: null };
  }
}

interface ProfileImagesProps {
  name: string | null | undefined;
  plan: string;
  photoUrl: string | null | undefined;
  bannerUrl: string | null | undefined;
}

/** Her photo (every plan) and banner (majestade and imperatriz): pick a file, it is uploaded at once. */
export function ProfileImages({ name, plan, photoUrl, bannerUrl }: ProfileImagesProps) {
  const { toast } = useToast();
  const [uploading, setUploading] = useState<Kind | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);
  const client = useApolloClient();
  const premium = hasPremiumProfile(plan);

  const fail = (description: string, title: string = PROFILE_PAGE_TEXTS.errorTitle) => toast({ title, description, variant: "destructive" });

  const send = async (kind: Kind, event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ""; // the same file may be picked again
    if (!file || uploading) return;
    if (file.type && !file.type.startsWith("image/")) return fail(T.wrongType, T.wrongTypeTitle);
    if (file.size > MAX_IMAGE_BYTES) return fail(T.tooLarge, T.tooLargeTitle);
    setUploading(kind);
    const answer = await uploadImage(kind, file);
    setUploading(null);
    if (!answer.ok) return fail(answer.message || T.uploadFallback);
    const { id, ...pictures } = answer.profile;
    // The page shows the new picture at once: the cached profile takes the stored fields.
    client.cache.modify<UploadedProfile>({
      id: client.cache.identify({ __typename: "Profile", id }),
      fields: {
        profilePhoto: () => pictures.profilePhoto,
        profilePhotoUrl: () => pictures.profilePhotoUrl,
        bannerImage: () => pictures.bannerImage,
        bannerImageUrl: () => pictures.bannerImageUrl,
      },
    });
    toast({ title: kind === "PHOTO" ? T.photoDone : T.bannerDone });
  };

  const label = (kind: Kind, idle: string) =>
    uploading === kind ? (
      <>
        <Spinner $size={16} /> {T.uploading}
      </>
    ) : (
      idle
    );

  return (
    <Section aria-labelledby="perfil-imagens">
      <h2 id="perfil-imagens">{T.title}</h2>
      <PhotoRow>
        <Avatar name={name} photo={photoUrl} size={96} />
        <Column>
          <Button
            $variant="outline"
            disabled={uploading !== null}
            aria-busy={uploading === "PHOTO"}
            onClick={() => photoInput.current?.click()}
          >
            {label("PHOTO", isPhotoUrl(photoUrl) ? T.choosePhoto : T.chooseFirstPhoto)}
          </Button>
          <Muted>{T.hint}</Muted>
          <input ref={photoInput} type="file" accept="image/*" hidden aria-label={T.photoInput} onChange={(e) => void send("PHOTO", e)} />
        </Column>
      </PhotoRow>

      {premium ? (
        <Column>
          <BannerFrame>{isPhotoUrl(bannerUrl) ? <img src={bannerUrl} alt={T.bannerAlt} /> : <span>{T.noBanner}</span>}</BannerFrame>
          <Muted>{T.bannerHint}</Muted>
          <Button
            $variant="outline"
            disabled={uploading !== null}
            aria-busy={uploading === "BANNER"}
            onClick={() => bannerInput.current?.click()}
          >
            {label("BANNER", T.chooseBanner)}
          </Button>
          <input ref={bannerInput} type="file" accept="image/*" hidden aria-label={T.bannerInput} onChange={(e) => void send("BANNER", e)} />
        </Column>
      ) : (
        <Muted>{T.bannerPremium}</Muted>
      )}
    </Section>
  );
}
