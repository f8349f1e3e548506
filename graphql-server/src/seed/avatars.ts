import { newImageAddress } from "../domains/users/profile-images.js";
import { imageKey, PHOTO_MARKER } from "../domains/users/profile.service.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Storage } from "../providers/storage/storage.js";
import { DEMO_SUPERUSER_PHONE } from "./demo.js";
import { loadSharp } from "../lib/images.js";

/** Soft backgrounds of the club's palette behind the drawn faces. */
const BACKGROUNDS = ["f4e8ef", "f2d58a", "efe2d6", "e7d3e6", "f7e3c4"];
/** Side of the stored picture (the board shows it at 48 px, the profile at up to 120). */
const SIZE = 256;

/**
 * Gives the demo club's members a face (issue 15: the board had no picture at all): each member with
 * a complete profile and no photo gets a drawn portrait (DiceBear's Lorelei style, CC0, made offline
 * from her id and name, so the same member always gets the same face), stored like an uploaded photo
 * (WebP at the member's photo path, profilePhoto 'webp'). The demo superuser keeps her initials, as a
 * member who never uploaded a photo. The files are written before the rows point at them.
 */
export async function giveDemoAvatars(prisma: PrismaClient, storage: Storage): Promise<number> {
  const members = await prisma.user.findMany({
    where: { profilePhoto: null, profileComplete: true, phone: { not: DEMO_SUPERUSER_PHONE } },
    select: { id: true, nickname: true, fullName: true },
    orderBy: { id: "asc" },
  });
  // Loaded here: only a first start with the demo draws faces (issue 25).
  const [{ createAvatar }, lorelei, sharp] = await Promise.all([import("@dicebear/core"), import("@dicebear/lorelei"), loadSharp()]);
  for (const member of members) {
    const svg = createAvatar(lorelei, {
      seed: `${member.id}:${member.nickname ?? member.fullName ?? ""}`,
      backgroundColor: BACKGROUNDS,
      size: SIZE,
    }).toString();
    const webp = await sharp(Buffer.from(svg)).resize(SIZE, SIZE).webp({ quality: 80 }).toBuffer();
    await storage.put(imageKey(member.id, "photo"), webp, "image/webp");
  }
  // Each at a versioned address of her own, as an upload gives it (profile.service's uploadImage).
  await prisma.$transaction(
    members.map((member) =>
      prisma.user.update({ where: { id: member.id }, data: { profilePhoto: PHOTO_MARKER, profilePhotoUrl: newImageAddress(member.id, "photo") } }),
    ),
  );
  return members.length;
}
