import type { CheckoutResultFieldsFragment, PaymentFieldsFragment, ProfileFieldsFragment } from "../../gql/graphql";
import { meIs, user, type Handler } from "../../test/renderApp";

type Plan = ProfileFieldsFragment["plan"];

/** Her full profile as MyProfile answers it (the checkout prefills from it). */
export function profile(overrides: Partial<ProfileFieldsFragment> = {}) {
  return {
    __typename: "Profile" as const,
    id: 7,
    plan: "nobreza" as Plan,
    phone: "5511987654321",
    countryCode: "BR",
    profileComplete: true,
    referralCode: "kc7",
    profilePhoto: null,
    profilePhotoUrl: null,
    bannerImage: null,
    bannerImageUrl: null,
    fullName: "Ana Souza",
    nickname: "Ana",
    email: "ana@example.com",
    cpf: "52998224725",
    whatsapp: "5511987654321",
    birthDate: "1990-05-10",
    cep: "01310100",
    street: "Avenida Paulista",
    houseNumber: "1000",
    complement: null,
    neighborhood: "Bela Vista",
    city: "São Paulo",
    state: "SP",
    professionalActivity: "Criatividade & Design",
    interests: ["Voluntariado"],
    melhorEmail: null,
    website: null,
    linkedin: null,
    youtube: null,
    facebook: null,
    instagram: null,
    tiktok: null,
    miniBio: null,
    bannerLink: null,
    businessType: null,
    serviceType: null,
    entrepreneurProfile: null,
    shareWithSponsors: false,
    whatsappNotificationsEnabled: true,
    acceptedTerms: true,
    acceptedPrivacyPolicy: true,
    acceptedLGPD: true,
    isOver18: true,
    ...overrides,
  };
}

export function payment(overrides: Partial<PaymentFieldsFragment> = {}) {
  return {
    __typename: "Payment" as const,
    id: 31,
    providerPaymentId: "pay_local_31",
    plan: "alteza" as Plan,
    billingType: "PIX" as const,
    status: "pending" as const,
    amountCents: 2790,
    dueDate: "2026-03-12",
    paidAt: null,
    invoiceUrl: null,
    pix: {
      __typename: "PixInstructions" as const,
      qrCodeImage: "data:image/png;base64,iVBORw0KGgo=",
      copyPaste: "00020126580014br.gov.bcb.pix0136clube-coroa-demo520400005303986540627.905802BR",
      expiresAt: "2026-03-12T17:30:00.000Z",
    },
    boleto: null,
    cardBrand: null,
    cardLast4: null,
    createdAt: "2026-03-12T14:00:00.000Z",
    ...overrides,
  };
}

export function checkoutResult(paymentOverrides: Partial<PaymentFieldsFragment> = {}, isMigration = false): CheckoutResultFieldsFragment & { __typename: "CheckoutResult" } {
  const p = payment(paymentOverrides);
  return {
    __typename: "CheckoutResult",
    message: "Assinatura criada! Pague para ativar o seu plano.",
    isMigration,
    subscription: {
      __typename: "MemberSubscription",
      id: 12,
      plan: p.plan ?? "alteza",
      billingCycle: "monthly",
      billingType: p.billingType,
      status: "pending",
      priceCents: p.amountCents,
      discountCents: 0,
      promoCode: null,
    } as CheckoutResultFieldsFragment["subscription"],
    payment: p,
  };
}

/** The handlers every plans test needs: her session, her profile, the home page's queries. */
export function plansHandlers(plan: Plan = "nobreza", extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    Me: meIs(user({ plan, email: "ana@example.com" })),
    MyProfile: () => ({ data: { profile: profile({ plan }) } }),
    CommunityStats: () => ({
      data: { communityStats: { __typename: "CommunityStats", totalMembers: 0, totalCollabs: 0, totalPermutas: 0, totalApoios: 0 } },
    }),
    BoardOffers: () => ({
      data: {
        offers: {
          __typename: "OfferConnection",
          edges: [],
          pageInfo: { __typename: "PageInfo", endCursor: null, hasNextPage: false },
        },
      },
    }),
    PaymentsProvider: () => ({ data: { demoPayments: false } }),
    ...extra,
  };
}
