import { type ConversationsFromName, ERROR_MESSAGES, ERROR_TEXTS, hasShowcaseProfile, mayOpenProfiles, normalizedWebUrl, parseId, type PlanName, PREMIUM_PROFILE_FIELDS, profileSchema, todayInSaoPaulo, yearInSaoPaulo } from "@clube-coroa/schema";
import type { Bus } from "../../events.js";
import { syncAuthorFields } from "../offers/offers.service.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError, UpgradeRequiredError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { assertAllowed, waitInWords, type RateLimiter } from "../../lib/rate-limit.js";
import type { Address, CepLookup } from "../../providers/cep/cep.js";
import type { Storage } from "../../providers/storage/storage.js";
import type { User } from "../../generated/prisma/client.js";
import { hiddenBetween } from "../safety/reach.js";
import { recordProfileConsents } from "../privacy/consents.service.js";
import { isCurrentVersion, newImageAddress, toWebp, type ImageKind } from "./profile-images.js";
import { toUserDTO, type UserDTO } from "./users.service.js";

export interface ProfileDeps {
  prisma: PrismaClient;
  clock: Clock;
  bus: Bus;
  log: Logger;
  storage: Storage;
  cep: CepLookup;
  /** The board: her cards show her name, photo, activity, plan and state (the offers service). */
  board: { authorChanged(authorId: number): void };
  /** Photo and banner uploads per member (each is decoded and re-encoded); beyond it RATE_LIMITED. */
  uploadLimiter?: RateLimiter;
  /** Profile saves per member; beyond it RATE_LIMITED. */
  saveLimiter?: RateLimiter;
  /**
   * Saves bringing a CPF other than her stored one, per member: whether a CPF is free is an answer
   * about other members, so it is given a few times a day, not on demand.
   */
  cpfChangeLimiter?: RateLimiter;
  /**
   * Her sessions (the session store): deleting the account closes every connection they opened; any
   * change to her row makes every instance forget the sessions it trusted with the old one.
   */
  sessions: { endConnections(userId: number): void; userChanged(userId: number): void };
  /** Who may appear in sponsor answers changed: every instance forgets its partners' counts (issue 30). */
  sponsorsChanged?: () => void;
}

/** The member's own full profile (spec part 1 section 3, "User (full profile)"). */
export interface ProfileDTO extends UserDTO {
  isAuthenticated: true;
  countryCode: string;
  referredBy: number | null;
  profilePhoto: string | null;
  profilePhotoUrl: string | null;
  bannerImage: string | null;
  bannerImageUrl: string | null;
  bannerLink: string | null;
  cpf: string | null;
  whatsapp: string | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  cep: string | null;
  street: string | null;
  houseNumber: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  professionalActivity: string | null;
  interests: string[];
  melhorEmail: string | null;
  website: string | null;
  linkedin: string | null;
  youtube: string | null;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
  miniBio: string | null;
  acceptedTerms: boolean;
  acceptedPrivacyPolicy: boolean;
  acceptedLGPD: boolean;
  isOver18: boolean;
  whatsappNotificationsEnabled: boolean;
  businessType: string | null;
  serviceType: string | null;
  entrepreneurProfile: string | null;
  shareWithSponsors: boolean;
  /** 'Quem pode iniciar conversa comigo' (issue 27). */
  conversationsFrom: ConversationsFromName;
}

/** A member as presentPublicProfile shows her to a viewer. */
export interface PublicProfileDTO {
  id: number;
  displayName: string | null;
  nickname: string | null;
  fullName: string | null;
  plan: PlanName;
  professionalActivity: string | null;
  interests: string[];
  city: string | null;
  state: string | null;
  profilePhotoUrl: string | null;
  joinYear: number;
  isOnline: boolean;
  // Shown only for majestade and imperatriz (spec part 1 section 6); null otherwise.
  miniBio: string | null;
  website: string | null;
  linkedin: string | null;
  youtube: string | null;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
  bannerImageUrl: string | null;
  bannerLink: string | null;
}

export interface ReferralStats {
  nobreza: number;
  alteza: number;
  majestade: number;
  imperatriz: number;
  total: number;
}

/** Content left in a message whose sender deleted her account. */
export const REMOVED_MESSAGE = "Mensagem removida";

/** profilePhoto / bannerImage: the image is stored at imageKey (spec: the literal marker 'webp'). */
export const PHOTO_MARKER = "webp";
/** Where a member's photo or banner is stored. */
export const imageKey = (userId: number, kind: ImageKind) => `users/${userId}/${kind}.webp`;
const isoDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The fields a plan below majestade may not keep: cleared in the same write that lowers the plan. */
function premiumFieldsCleared(plan: PlanName) {
  if (hasShowcaseProfile(plan)) return {};
  return {
    ...Object.fromEntries(PREMIUM_PROFILE_FIELDS.map((field) => [field, null])),
    bannerImage: null,
    bannerImageUrl: null,
  };
}

function photoUrlOf(user: User) {
  if (user.profilePhoto === PHOTO_MARKER) return user.profilePhotoUrl ?? `/api/users/${user.id}/photo`;
  return user.profilePhoto;
}

export function toProfileDTO(user: User): ProfileDTO {
  return {
    ...toUserDTO(user),
    isAuthenticated: true,
    countryCode: user.countryCode,
    referredBy: user.referredById,
    profilePhoto: user.profilePhoto,
    profilePhotoUrl: photoUrlOf(user),
    bannerImage: user.bannerImage,
    bannerImageUrl: user.bannerImageUrl,
    bannerLink: user.bannerLink,
    cpf: user.cpf,
    whatsapp: user.whatsapp,
    birthDate: isoDate(user.birthDate),
    cep: user.cep,
    street: user.street,
    houseNumber: user.houseNumber,
    complement: user.complement,
    neighborhood: user.neighborhood,
    city: user.city,
    state: user.state,
    professionalActivity: user.professionalActivity,
    interests: user.interests,
    melhorEmail: user.melhorEmail,
    website: user.website,
    linkedin: user.linkedin,
    youtube: user.youtube,
    facebook: user.facebook,
    instagram: user.instagram,
    tiktok: user.tiktok,
    miniBio: user.miniBio,
    acceptedTerms: user.acceptedTerms,
    acceptedPrivacyPolicy: user.acceptedPrivacyPolicy,
    acceptedLGPD: user.acceptedLGPD,
    isOver18: user.isOver18,
    whatsappNotificationsEnabled: user.whatsappNotificationsEnabled,
    businessType: user.businessType,
    serviceType: user.serviceType,
    entrepreneurProfile: user.entrepreneurProfile,
    shareWithSponsors: user.shareWithSponsors,
    conversationsFrom: user.conversationsFrom,
  };
}

/**
 * What a viewer sees of a member, and whether she sees anything (spec part 1 sections 2 and 6): her
 * own profile always; another member's only when that member is majestade or imperatriz, and not
 * from nobreza, who gets the upgrade prompt for view_profile; superusers (moderation) any. Never
 * CPF, birth date, street address, phone or e-mails; mini bio, links and banner only for the
 * premium plans, and links only as http(s) URLs.
 */
export function presentPublicProfile(user: User, viewer: Pick<User, "id" | "plan" | "role">): PublicProfileDTO {
  if (user.id !== viewer.id && viewer.role !== "superuser") {
    if (!hasShowcaseProfile(user.plan)) throw new AppError("PROFILE_NOT_PUBLIC");
    if (!mayOpenProfiles(viewer.plan)) throw new UpgradeRequiredError("view_profile", "alteza");
  }
  const premium = hasShowcaseProfile(user.plan);
  const onlyPremium = (value: string | null) => (premium ? value : null);
  // Rows saved before links were checked may hold 'javascript:' and the like: they never leave.
  const link = (value: string | null) => (premium && value ? normalizedWebUrl(value) : null);
  return {
    id: user.id,
    displayName: user.nickname || user.fullName || null,
    nickname: user.nickname,
    fullName: user.fullName,
    plan: user.plan,
    professionalActivity: user.professionalActivity,
    interests: user.interests,
    city: user.city,
    state: user.state,
    profilePhotoUrl: photoUrlOf(user),
    joinYear: yearInSaoPaulo(user.createdAt),
    isOnline: user.isOnline,
    miniBio: onlyPremium(user.miniBio),
    website: link(user.website),
    linkedin: link(user.linkedin),
    youtube: link(user.youtube),
    facebook: link(user.facebook),
    instagram: onlyPremium(user.instagram),
    tiktok: onlyPremium(user.tiktok),
    bannerImageUrl: onlyPremium(user.bannerImage === PHOTO_MARKER ? user.bannerImageUrl : user.bannerImage),
    bannerLink: link(user.bannerLink),
  };
}

export function createProfileService(deps: ProfileDeps) {
  const { prisma, clock, bus, log, storage, cep, board, sessions } = deps;

  const publishUser = (user: User) => {
    sessions.userChanged(user.id);
    bus.pubsub.publish("user:updated", user.id, toUserDTO(user));
    board.authorChanged(user.id);
  };

  async function getProfile(user: User): Promise<ProfileDTO> {
    const fresh = await prisma.user.findUnique({ where: { id: user.id } });
    if (!fresh) throw new AppError("UNAUTHENTICATED");
    return toProfileDTO(fresh);
  }

  /** Saves the whole 'Meu Perfil' form (PUT semantics: absent optional fields become null). */
  async function updateProfile(user: User, input: Record<string, unknown>): Promise<ProfileDTO> {
    // null means "empty" for every field; zod's own defaults and required messages then apply.
    const body = input && typeof input === "object" && !Array.isArray(input) ? input : {};
    const raw = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined));
    const parsed = profileSchema(todayInSaoPaulo(clock.now())).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? "form");
      throw new AppError("VALIDATION", issue.message, { details: { fieldErrors: { [field]: issue.message } } });
    }
    const profile = parsed.data;
    // Counted once the form's checks pass: a refusal of those costs nothing and answers nothing.
    await assertAllowed(deps.saveLimiter, user.id, (wait) => `Você salvou o perfil muitas vezes em pouco tempo. Tente novamente em ${waitInWords(wait)}.`);

    const current = await prisma.user.findUnique({ where: { id: user.id } });
    if (!current) throw new AppError("UNAUTHENTICATED");
    if (!hasShowcaseProfile(current.plan)) {
      const sent = [...PREMIUM_PROFILE_FIELDS.filter((field) => profile[field] != null), ...(hasText(raw.bannerImage) ? ["bannerImage"] : [])];
      if (sent.length) throw new AppError("PLAN_FEATURE", undefined, { details: { fields: sent } });
    }
    if (profile.cpf !== current.cpf) {
      await assertAllowed(
        deps.cpfChangeLimiter,
        user.id,
        (wait) => `Você já informou CPFs diferentes muitas vezes. Tente novamente em ${waitInWords(wait)} ou fale com o suporte.`,
      );
    }

    const state = profile.state && /^[a-z]{2}$/i.test(profile.state) ? profile.state.toUpperCase() : (profile.state ?? null);
    const data = {
      fullName: profile.fullName,
      nickname: profile.nickname,
      email: profile.email ?? null,
      cpf: profile.cpf,
      birthDate: new Date(`${profile.birthDate}T00:00:00Z`),
      cep: profile.cep,
      street: profile.street ?? null,
      houseNumber: profile.houseNumber,
      complement: profile.complement ?? null,
      neighborhood: profile.neighborhood ?? null,
      city: profile.city ?? null,
      state,
      professionalActivity: profile.professionalActivity,
      interests: [...new Set(profile.interests)],
      melhorEmail: profile.melhorEmail ?? null,
      website: profile.website ?? null,
      linkedin: profile.linkedin ?? null,
      youtube: profile.youtube ?? null,
      facebook: profile.facebook ?? null,
      instagram: profile.instagram ?? null,
      tiktok: profile.tiktok ?? null,
      miniBio: profile.miniBio ?? null,
      bannerLink: profile.bannerLink ?? null,
      businessType: profile.businessType ?? null,
      serviceType: profile.serviceType ?? null,
      entrepreneurProfile: profile.entrepreneurProfile ?? null,
      shareWithSponsors: profile.shareWithSponsors,
      whatsappNotificationsEnabled: profile.whatsappNotificationsEnabled,
      ...(profile.conversationsFrom ? { conversationsFrom: profile.conversationsFrom } : {}),
      acceptedTerms: profile.acceptedTerms,
      acceptedPrivacyPolicy: profile.acceptedPrivacyPolicy,
      acceptedLGPD: profile.acceptedLGPD,
      isOver18: profile.isOver18,
      profileComplete: true,
    };

    const updated = await prisma.$transaction(async (tx) => {
      // No unique index on cpf: one writer per CPF at a time keeps the check below honest.
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`cpf:${profile.cpf}`}))) AS l`;
      const holder = await tx.user.findFirst({ where: { cpf: profile.cpf, id: { not: user.id } }, select: { id: true } });
      // Worded so that it does not say the CPF is another member's (see decisions, "Profile saves").
      if (holder) throw new AppError("CPF_TAKEN", undefined, { details: { fieldErrors: { cpf: ERROR_MESSAGES.CPF_TAKEN } } });
      const saved = await tx.user.update({ where: { id: user.id }, data });
      await syncAuthorFields(tx, user.id);
      await recordProfileConsents(tx, current, saved, clock.now());
      return saved;
    });
    publishUser(updated);
    if (updated.shareWithSponsors !== current.shareWithSponsors) deps.sponsorsChanged?.();
    return toProfileDTO(updated);
  }

  /**
   * GET /api/users/{id} and publicProfile: refused as presentPublicProfile says. Across a block
   * (either way) she is answered as a member who does not exist (issue 27; reach.ts decides).
   */
  async function publicProfile(viewer: User, id: number): Promise<PublicProfileDTO> {
    const user = parseId(id) !== null ? await prisma.user.findUnique({ where: { id } }) : null;
    if (!user || (await hiddenBetween(prisma, viewer.id, user.id))) throw new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound);
    return presentPublicProfile(user, viewer);
  }

  async function referralStats(user: User): Promise<ReferralStats> {
    const groups = await prisma.user.groupBy({ by: ["plan"], where: { referredById: user.id }, _count: { _all: true } });
    const stats: ReferralStats = { nobreza: 0, alteza: 0, majestade: 0, imperatriz: 0, total: 0 };
    for (const group of groups) {
      stats[group.plan] = group._count._all;
      stats.total += group._count._all;
    }
    return stats;
  }

  async function lookupAddress(rawCep: string): Promise<Address | null> {
    const digits = String(rawCep ?? "").replace(/\D/g, "");
    if (digits.length !== 8) return null;
    return cep.lookup(digits);
  }

  /** Removes every row that holds her personal data, in one transaction; her files go after commit. */
  async function deleteAccount(user: User): Promise<void> {
    const userId = user.id;
    const exportFiles = await prisma.$transaction(async (tx) => {
      const current = await tx.user.findUnique({ where: { id: userId } });
      if (!current) throw new AppError("UNAUTHENTICATED");
      // The zips of 'Baixar meus dados' go with her (their rows cascade; their files after commit).
      const exports = await tx.dataExport.findMany({ where: { userId, fileKey: { not: null } }, select: { fileKey: true } });
      const liked = await tx.like.findMany({ where: { userId, offer: { userId: { not: userId } } }, select: { offerId: true } });
      if (liked.length) {
        await tx.offer.updateMany({
          where: { id: { in: liked.map((like) => like.offerId) }, likesCount: { gt: 0 } },
          data: { likesCount: { decrement: 1 } },
        });
      }
      await tx.like.deleteMany({ where: { userId } });
      // The other member keeps the thread; her words do not stay (sender becomes null on delete).
      await tx.message.updateMany({ where: { senderId: userId }, data: { content: REMOVED_MESSAGE } });
      await tx.offer.deleteMany({ where: { userId } });
      await tx.conversationMember.deleteMany({ where: { userId } });
      await tx.session.deleteMany({ where: { userId } });
      await tx.loginToken.deleteMany({ where: { phone: current.phone } });
      await tx.imperatrizInterest.deleteMany({ where: { userId } });
      await tx.user.delete({ where: { id: userId } });
      return exports.map((row) => row.fileKey!);
    });
    sessions.endConnections(userId);
    deps.sponsorsChanged?.();
    await removeImages(userId, ["photo", "banner"]);
    for (const key of exportFiles) await storage.delete(key).catch((err) => log.warn({ err, userId, key }, "data export file not removed"));
    board.authorChanged(userId);
    log.info({ userId }, "account deleted");
  }

  async function removeImages(userId: number, kinds: ImageKind[]) {
    for (const kind of kinds) {
      await storage.delete(imageKey(userId, kind)).catch((err) => log.warn({ err, userId, kind }, "stored image not removed"));
    }
  }

  /** Writes a new plan for a member in tx: offers' plan rank follows, premium-only fields go when she drops below majestade. */
  async function writePlan(tx: Tx, userId: number, plan: PlanName) {
    const user = await tx.user.update({ where: { id: userId }, data: { plan, ...premiumFieldsCleared(plan) } });
    await syncAuthorFields(tx, userId);
    return user;
  }

  /**
   * After a plan change has committed: she and the board are told (her trusted sessions forgotten
   * first), then the banner goes when the plan no longer has it (her profile already hides it).
   */
  async function planChanged(user: User) {
    publishUser(user);
    // Her centre may hold a new entry (plan_changed, issue 29): her open centres refetch.
    bus.pubsub.publish("notifications:changed", user.id, { entry: null });
    if (!hasShowcaseProfile(user.plan)) await removeImages(user.id, ["banner"]);
  }

  /** Stores a new profile photo or banner (re-encoded to WebP) and points her profile at it. */
  async function uploadImage(user: User, kind: ImageKind, bytes: Buffer): Promise<ProfileDTO> {
    const current = await prisma.user.findUnique({ where: { id: user.id } });
    if (!current) throw new AppError("UNAUTHENTICATED");
    if (kind === "banner" && !hasShowcaseProfile(current.plan)) {
      throw new AppError("PLAN_FEATURE", ERROR_TEXTS.bannerPlanFeature);
    }
    await assertAllowed(deps.uploadLimiter, user.id);
    const webp = await toWebp(bytes, kind);
    await storage.put(imageKey(user.id, kind), webp, "image/webp");
    const url = newImageAddress(user.id, kind);
    const updated = await prisma.user.update({
      where: { id: user.id },
      data: kind === "photo" ? { profilePhoto: PHOTO_MARKER, profilePhotoUrl: url } : { bannerImage: PHOTO_MARKER, bannerImageUrl: url },
    });
    publishUser(updated);
    return toProfileDTO(updated);
  }

  /**
   * A member's stored photo or banner as `viewer` may see it, and whether `version` is its current
   * one (its address may then be cached for good); null when there is none to show her. Members see
   * every photo at the bare path, as the board draws them. A visitor without a session gets a photo
   * only at its current versioned address (which nothing gives her but a member's own answers), and
   * otherwise the same null whether the member or her photo exists or not: ids cannot be walked to
   * faces. Banners belong to the public profile, which only members open.
   */
  async function readImage(viewer: User | null, userId: number, kind: ImageKind, version?: string) {
    if (kind === "banner" && !viewer) throw new AppError("UNAUTHENTICATED");
    if (parseId(userId) === null) return null;
    const user = await prisma.user.findUnique({
      where: { id: userId },
      select: { plan: true, profilePhoto: true, profilePhotoUrl: true, bannerImage: true, bannerImageUrl: true },
    });
    if (!user) return null;
    if (kind === "photo" && user.profilePhoto !== PHOTO_MARKER) return null;
    if (kind === "banner" && (user.bannerImage !== PHOTO_MARKER || !hasShowcaseProfile(user.plan))) return null;
    // Her banner belongs to her profile, which is hidden across a block (her photo stays: it is the
    // avatar of a conversation they keep reading).
    if (kind === "banner" && viewer && (await hiddenBetween(prisma, viewer.id, userId))) return null;
    const current = isCurrentVersion(kind === "photo" ? user.profilePhotoUrl : user.bannerImageUrl, version);
    if (!viewer && !current) return null;
    const image = await storage.get(imageKey(userId, kind));
    return image ? { ...image, current } : null;
  }

  return {
    /** Her own record each time it changes (plan, names, photo...). */
    changesOf: (userId: number) => bus.pubsub.subscribe("user:updated", userId),
    getProfile,
    updateProfile,
    publicProfile,
    referralStats,
    lookupAddress,
    deleteAccount,
    writePlan,
    planChanged,
    /** Her row changed elsewhere (a consent's switch): she, her sessions and the board are told. */
    async userChanged(userId: number) {
      const user = await prisma.user.findUnique({ where: { id: userId } });
      if (user) publishUser(user);
    },
    uploadImage,
    readImage,
  };
}

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";

export type ProfileService = ReturnType<typeof createProfileService>;
