import { useRef, useState, type ChangeEvent } from "react";
import { useMutation } from "@apollo/client/react";
import styled from "styled-components";
import { Avatar, isPhotoUrl } from "../../components/Avatar";
import { Button } from "../../components/Button";
import { Card } from "../../components/Page";
import { Spinner } from "../../components/Spinner";
import { useToast } from "../../components/Toast";
import { isNetworkError, serverMessageOf } from "../../lib/errors";
import { UploadProfileImageDocument } from "./documents";
import { hasPremiumProfile } from "./ProfileForm";
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

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

interface ProfileImagesProps {
  name: string | null | undefined;
  plan: string;
  photoUrl: string | null | undefined;
  bannerUrl: string | null | undefined;
}

/** Her photo (every plan) and banner (majestade and imperatriz): pick a file, it is sent as a data URL. */
export function ProfileImages({ name, plan, photoUrl, bannerUrl }: ProfileImagesProps) {
  const { toast } = useToast();
  const [uploading, setUploading] = useState<Kind | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const bannerInput = useRef<HTMLInputElement>(null);
  const [upload] = useMutation(UploadProfileImageDocument);
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
    try {
      const dataUrl = await readAsDataUrl(file);
      const { data } = await upload({ variables: { kind, dataUrl } });
      const result = data?.uploadProfileImage;
      if (result?.__typename === "Profile") toast({ title: kind === "PHOTO" ? T.photoDone : T.bannerDone });
      else fail((result?.__typename === "AppError" && result.message) || T.uploadFallback);
    } catch (error) {
      fail((!isNetworkError(error) && serverMessageOf(error)) || T.uploadFallback);
    } finally {
      setUploading(null);
    }
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
