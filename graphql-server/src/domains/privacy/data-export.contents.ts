import { strToU8, zipSync, type Zippable } from "fflate";
import type { PrismaClient } from "../../lib/db.js";
import type { Storage } from "../../providers/storage/storage.js";
import { displayName } from "../conversations/send-message.js";
import { imageKey, PHOTO_MARKER } from "../users/profile.service.js";
import type { ConsentsDTO } from "./consents.service.js";
import type { DataShareDTO } from "./data-sharing.service.js";
import { DATA_EXPORT_README } from "./data-export.readme.js";

/** What the zip is made from besides the database: the services that already shape her consents, log and preferences. */
export interface ExportSources {
  prisma: PrismaClient;
  storage: Storage;
  consents: (user: { id: number }) => Promise<ConsentsDTO>;
  dataSharing: (user: { id: number }) => Promise<DataShareDTO[]>;
  notificationPreferences: (user: { id: number }) => Promise<unknown>;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const day = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : null);
/** Another member as the zip names her: her display name only (never her phone, CPF or id). */
const nameOf = (other: { nickname: string | null; fullName: string | null } | null | undefined) => (other ? displayName(other) : "Parceira que saiu do clube");
const NAME = { select: { nickname: true, fullName: true } } as const;

/** Her whole user row, every column, dates as ISO text; who invited her by display name instead of an id. */
async function profileOf(prisma: PrismaClient, userId: number) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, include: { referredBy: NAME } });
  const { referredBy, referredById: _referredById, birthDate, ...columns } = user;
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) row[key] = value instanceof Date ? value.toISOString() : value;
  return { user, perfil: { ...row, birthDate: day(birthDate), indicadaPor: referredBy ? nameOf(referredBy) : null } };
}

async function offersAndLikesOf(prisma: PrismaClient, userId: number) {
  const [offers, likes] = await Promise.all([
    prisma.offer.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    prisma.like.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, include: { offer: { select: { id: true, title: true, user: NAME } } } }),
  ]);
  return {
    propostas: offers.map((o) => ({
      id: o.id,
      postType: o.postType,
      type: o.type,
      title: o.title,
      description: o.description,
      categories: o.categories,
      isUrgent: o.isUrgent,
      likesCount: o.likesCount,
      state: o.state,
      hiddenAt: iso(o.hiddenAt),
      underReviewAt: iso(o.underReviewAt),
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
    })),
    curtidas: likes.map((l) => ({ offerId: l.offerId, proposta: l.offer.title, autora: nameOf(l.offer.user), createdAt: iso(l.createdAt) })),
  };
}

/** Her conversations with every message in them; the other members by display name, she as 'Você'. */
async function conversationsOf(prisma: PrismaClient, userId: number) {
  const memberships = await prisma.conversationMember.findMany({
    where: { userId },
    orderBy: { conversationId: "asc" },
    include: {
      conversation: {
        include: {
          offer: { select: { title: true } },
          members: { where: { userId: { not: userId } }, include: { user: NAME } },
        },
      },
    },
  });
  const ids = memberships.map((m) => m.conversationId);
  const messages = ids.length
    ? await prisma.message.findMany({
        where: { conversationId: { in: ids } },
        orderBy: [{ conversationId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
        select: { id: true, conversationId: true, senderId: true, content: true, createdAt: true, sender: NAME },
      })
    : [];
  const byConversation = new Map<number, typeof messages>();
  for (const message of messages) {
    const list = byConversation.get(message.conversationId) ?? [];
    list.push(message);
    byConversation.set(message.conversationId, list);
  }
  return memberships.map((m) => ({
    id: m.conversationId,
    proposta: m.conversation.offer?.title ?? null,
    participantes: m.conversation.members.map((other) => nameOf(other.user)),
    criadaEm: iso(m.conversation.createdAt),
    bloqueadaEm: iso(m.conversation.blockedAt),
    ocultadaPorVoceEm: iso(m.hiddenAt),
    avisosSilenciadosEm: iso(m.noticesMutedAt),
    ultimaLeituraEm: iso(m.lastReadAt),
    mensagens: (byConversation.get(m.conversationId) ?? []).map((message) => ({
      id: message.id,
      de: message.senderId === userId ? "Você" : nameOf(message.sender),
      texto: message.content,
      enviadaEm: iso(message.createdAt),
    })),
  }));
}

async function reportsOf(prisma: PrismaClient, userId: number) {
  const reports = await prisma.report.findMany({
    where: { reporterId: userId },
    orderBy: { id: "asc" },
    include: { offer: { select: { title: true } }, reportedUser: NAME },
  });
  // The staff's notes are theirs (they may name other members): left out.
  return reports.map((r) => ({
    id: r.id,
    kind: r.kind,
    reason: r.reason,
    customReason: r.customReason,
    status: r.status,
    proposta: r.offer?.title ?? null,
    parceira: r.kind === "member" || r.reportedUser ? nameOf(r.reportedUser) : null,
    mensagem: r.messageContent === null ? null : { texto: r.messageContent, enviadaEm: iso(r.messageSentAt) },
    createdAt: iso(r.createdAt),
    resolvedAt: iso(r.resolvedAt),
  }));
}

/** Subscriptions and payments without any card data (no brand, no last digits) nor the provider's ids. */
async function billingOf(prisma: PrismaClient, userId: number) {
  const [subscriptions, payments] = await Promise.all([
    prisma.planSubscription.findMany({ where: { userId }, orderBy: { id: "asc" }, include: { promoCode: { select: { code: true } } } }),
    prisma.payment.findMany({ where: { userId }, orderBy: { id: "asc" } }),
  ]);
  return {
    assinaturas: subscriptions.map((s) => ({
      id: s.id,
      plan: s.plan,
      billingCycle: s.billingCycle,
      billingType: s.billingType,
      status: s.status,
      priceCents: s.priceCents,
      discountCents: s.discountCents,
      promoCode: s.promoCode?.code ?? null,
      nextDueDate: day(s.nextDueDate),
      paidUntil: iso(s.paidUntil),
      startedAt: iso(s.startedAt),
      canceledAt: iso(s.canceledAt),
    })),
    pagamentos: payments.map((p) => ({
      id: p.id,
      subscriptionId: p.subscriptionId,
      billingType: p.billingType,
      status: p.status,
      amountCents: p.amountCents,
      dueDate: day(p.dueDate),
      paidAt: iso(p.paidAt),
      invoiceUrl: p.invoiceUrl,
      createdAt: iso(p.createdAt),
    })),
  };
}

async function safetyOf(prisma: PrismaClient, userId: number) {
  const [blocks, mutes] = await Promise.all([
    prisma.memberBlock.findMany({ where: { blockerId: userId }, orderBy: { createdAt: "asc" }, include: { blocked: NAME } }),
    prisma.memberMute.findMany({ where: { muterId: userId }, orderBy: { createdAt: "asc" }, include: { muted: NAME } }),
  ]);
  // Who blocked or muted her is the other member's choice, and hers to keep: left out.
  return {
    bloqueios: blocks.map((b) => ({ parceira: nameOf(b.blocked), createdAt: iso(b.createdAt) })),
    silenciadas: mutes.map((m) => ({ parceira: nameOf(m.muted), createdAt: iso(m.createdAt), expiresAt: iso(m.expiresAt) })),
  };
}

async function notificationsOf(sources: ExportSources, userId: number) {
  const { prisma } = sources;
  const [preferences, changes, devices] = await Promise.all([
    sources.notificationPreferences({ id: userId }),
    prisma.notificationSettingsChange.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    prisma.pushSubscription.findMany({ where: { userId }, orderBy: { id: "asc" } }),
  ]);
  return {
    preferenciasDeNotificacao: {
      atuais: preferences,
      alteracoes: changes.map((c) => ({ before: c.before, after: c.after, createdAt: iso(c.createdAt) })),
    },
    // The push service's address and keys are the browser's secrets: only what she would recognise.
    aparelhosComNotificacao: devices.map((d) => ({ userAgent: d.userAgent, createdAt: iso(d.createdAt), lastPushAt: iso(d.lastPushAt) })),
  };
}

/** Her photo and banner as stored (WebP), when she uploaded them. */
async function filesOf(sources: ExportSources, user: { id: number; profilePhoto: string | null; bannerImage: string | null }) {
  const files: Record<string, Uint8Array> = {};
  for (const [kind, marker, name] of [
    ["photo", user.profilePhoto, "fotos/foto-de-perfil.webp"],
    ["banner", user.bannerImage, "fotos/banner.webp"],
  ] as const) {
    if (marker !== PHOTO_MARKER) continue;
    const stored = await sources.storage.get(imageKey(user.id, kind));
    if (stored) files[name] = new Uint8Array(stored.bytes);
  }
  return files;
}

export interface BuiltExport {
  bytes: Uint8Array;
  /** The names inside, for the log and the tests. */
  entries: string[];
}

/**
 * Builds the zip of her data: `dados.json` (every part, in Portuguese section names), her photo and
 * banner files, and `LEIA-ME.txt` describing each part. `progress` is told each step's share (0–95);
 * the caller says 100 once the file is stored.
 */
export async function buildDataExport(
  sources: ExportSources,
  userId: number,
  context: { generatedAt: Date; requestedByStaff: boolean },
  progress: (percent: number) => Promise<void>,
): Promise<BuiltExport> {
  const { prisma } = sources;
  const { user, perfil } = await profileOf(prisma, userId);
  await progress(15);
  const { propostas, curtidas } = await offersAndLikesOf(prisma, userId);
  await progress(30);
  const conversas = await conversationsOf(prisma, userId);
  await progress(60);
  const [denuncias, billing, consents, safety, notices, quemViuMeusDados] = await Promise.all([
    reportsOf(prisma, userId),
    billingOf(prisma, userId),
    sources.consents({ id: userId }),
    safetyOf(prisma, userId),
    notificationsOf(sources, userId),
    sources.dataSharing({ id: userId }),
  ]);
  await progress(75);
  const files = await filesOf(sources, user);
  await progress(85);
  const dados = {
    geradoEm: context.generatedAt.toISOString(),
    pedidoPor: context.requestedByStaff ? "equipe do clube, a seu pedido" : "você",
    perfil,
    propostas,
    curtidas,
    conversas,
    denuncias,
    ...billing,
    consentimentos: { atuais: consents.current, historico: consents.history },
    ...notices,
    ...safety,
    quemViuMeusDados,
    arquivos: Object.keys(files),
  };
  const mtime = context.generatedAt;
  const zippable: Zippable = {
    "LEIA-ME.txt": [strToU8(DATA_EXPORT_README), { level: 6, mtime }],
    "dados.json": [strToU8(JSON.stringify(dados, null, 2)), { level: 6, mtime }],
  };
  // WebP is compressed already: stored as is.
  for (const [name, bytes] of Object.entries(files)) zippable[name] = [bytes, { level: 0, mtime }];
  const bytes = zipSync(zippable);
  await progress(95);
  return { bytes, entries: Object.keys(zippable) };
}
