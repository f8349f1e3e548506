import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// A lazily loaded page or dialog may take more than the default second to appear on a loaded CI
// machine (the AppRoutes dashboard test once did): what is awaited must still appear, only later.
configure({ asyncUtilTimeout: 3000 });

if (typeof window !== "undefined") {
  // The motivational popup would cover every signed-in page 3 s in: mark it as just shown. Its own
  // tests remove the key.
  beforeEach(() => {
    window.localStorage.setItem("lastMotivationalPopup", String(Date.now()));
  });
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  // jsdom lays nothing out: scrolling is a no-op here.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
}

// Code the app loads on demand (issue 14: pages, dialogs, toasts) is imported once here, so a
// test's first dialog or toast waits for React's lazy step only, not for this file's transform.
await Promise.all([
  import("../components/ToastView"),
  import("../components/Dialog"),
  import("../components/ConfirmDialog"),
  import("../app/pages").then((pages) =>
    Promise.all([pages.loginPage, pages.profilePage, pages.messagesPage, pages.invitationPage, pages.offerBoard].map((page) => page.preload())),
  ),
  import("../features/offers/OfferFormDialog"),
  import("../features/offers/ReportDialog"),
  import("../features/offers/AuthorProfileDialog"),
  import("../features/offers/PlanDialogs"),
  import("../features/plans/PlansSection"),
  import("../features/plans/PlansDialog"),
  import("../features/plans/CheckoutDialog"),
  import("../features/plans/PlanChangeDialogs"),
  import("../features/plans/PlanNoticeDialogs"),
  import("../features/messages/Realtime"),
  import("../features/motivation/MotivationalPopup"),
  import("../features/banners/BannerCarousel"),
]);
