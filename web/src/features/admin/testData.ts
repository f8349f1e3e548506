import type { Handler } from "../../test/renderApp";

export function stats(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AdminStats",
    totalUsers: 1234,
    onlineUsers: 17,
    totalOffers: 310,
    totalConversations: 95,
    totalMessages: 4021,
    totalLikes: 880,
    pendingReports: 3,
    newUsers: 42,
    connectionsByType: { __typename: "CountsByOfferType", collab: 40, permuta: 35, apoio: 20 },
    usersByPlan: { __typename: "CountsByPlan", nobreza: 1000, alteza: 150, majestade: 80, imperatriz: 4 },
    offersByType: { __typename: "CountsByOfferType", collab: 120, permuta: 110, apoio: 80 },
    ...overrides,
  };
}

export function report(id: number, status: "pending" | "resolved" | "dismissed", overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AdminReport",
    id,
    kind: "offer",
    openOnTarget: status === "pending" ? 1 : 0,
    status,
    reason: "scam",
    customReason: null,
    adminNotes: null,
    createdAt: "2026-03-12T15:00:00.000Z",
    resolvedAt: status === "pending" ? null : "2026-03-13T10:00:00.000Z",
    reportedUser: { __typename: "AdminReportUser", id: 100 + id, fullName: `Denunciada ${id}`, phone: `55119000000${id}` },
    offer: { __typename: "AdminReportOffer", id: 200 + id, title: `Oferta ${id}`, content: "Conteúdo da oferta denunciada", hidden: false, underReview: false },
    reportedMessage: null,
    ...overrides,
  };
}

export function sponsorRow(id: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: "SponsorRow",
    id,
    fullName: `Parceira ${id}`,
    phone: `55219888800${id}`,
    plan: "alteza",
    region: "sudeste",
    businessType: "serviço",
    age: 34,
    entrepreneurProfile: "iniciante",
    ...overrides,
  };
}

export const sponsorPage = (rows: unknown[], nextCursor: string | null = null, total = rows.length, csvUrl = "/api/admin/sponsor-users?format=csv") => ({
  data: { sponsorUsers: { __typename: "SponsorPage", rows, nextCursor, total, csvUrl } },
});

export function superUser(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "SuperUser",
    id: 1,
    fullName: "Maria Admin",
    phone: "5511999990001",
    email: "maria@clubecoroa.com.br",
    createdAt: "2025-11-02T12:00:00.000Z",
    pending: false,
    ...overrides,
  };
}

export function adminUser(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AdminUser",
    id: 42,
    fullName: "Joana Lima",
    nickname: "Jo",
    phone: "5511988887777",
    email: "joana@exemplo.com.br",
    city: "Campinas",
    plan: "alteza",
    suspension: { __typename: "Suspension", suspended: false, suspendedUntil: null, reason: null },
    ...overrides,
  };
}

export const forbidden: Handler = () => ({
  data: null,
  errors: [{ message: "Acesso restrito às superusuárias", extensions: { code: "FORBIDDEN" } }],
});

/** Quiet answers for every dashboard section; a test overrides the ones it looks at. */
export function dashboardHandlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    AdminStats: () => ({ data: { adminStats: stats() } }),
    AdminReports: () => ({ data: { adminReports: { __typename: "AdminReportPage", items: [], nextCursor: null } } }),
    SponsorUsers: () => sponsorPage([]),
    SuperUsers: () => ({ data: { superUsers: [] } }),
    AuditLog: () => ({ data: { auditLog: { __typename: "AuditPage", items: [], nextCursor: null } } }),
    PartnerApiKeys: () => ({ data: { partnerApiKeys: [] } }),
    AdminBanners: () => ({ data: { adminBanners: [] } }),
    ...overrides,
  };
}

export function simpleHandlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    AdminUsers: () => ({ data: { adminUsers: { __typename: "AdminUserPage", items: [adminUser()], nextCursor: null } } }),
    ...overrides,
  };
}

export function partnerKey(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: "PartnerApiKey",
    id,
    name: `Parceira ${id}`,
    prefix: `ccp_Ab${id}`,
    createdAt: "2026-03-12T15:00:00.000Z",
    createdByName: "Maria Admin",
    lastUsedAt: null,
    requestCount: 0,
    revokedAt: null,
    ...overrides,
  };
}

export function adminBanner(id: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AdminBanner",
    id,
    url: `/api/banners/${id}/image?v=1`,
    alt: `Banner ${id}`,
    link: null,
    position: id,
    active: true,
    startsAt: null,
    endsAt: null,
    live: true,
    createdAt: "2026-03-12T15:00:00.000Z",
    updatedAt: "2026-03-12T15:00:00.000Z",
    ...overrides,
  };
}
