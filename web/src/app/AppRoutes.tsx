import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { APP_ROUTES } from "@clube-coroa/schema";
import { AdminGate } from "../features/admin/AdminGate";
import { WEB_TEXTS } from "../lib/texts";
import { HomeRoute } from "./HomeRoute";
import { loginPage, membersPage, messagesPage, notificationsPage, profilePage } from "./pages";

const LoginPage = loginPage.Component;
const ProfilePage = profilePage.Component;
const MessagesPage = messagesPage.Component;
const MembersPage = membersPage.Component;
const NotificationsPage = notificationsPage.Component;

// Admin code is split out and fetched only when a superuser opens it.
const AdminDashboardPage = lazy(() => import("../features/admin/AdminDashboardPage"));
const SimpleAdminPage = lazy(() => import("../features/admin/SimpleAdminPage"));
// The 404 page and its card styles load when needed: they paid for the footer's links (issue 24).
const NotFoundPage = lazy(() => import("./NotFoundPage").then((m) => ({ default: m.NotFoundPage })));
// Terms and privacy: read rarely, fetched when opened (the footer links to them from every page).
const LegalPage = lazy(() => import("../features/legal/LegalPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route path={APP_ROUTES.home} element={<HomeRoute />} />
      <Route path={APP_ROUTES.signIn} element={<LoginPage />} />
      <Route path={APP_ROUTES.profile} element={<ProfilePage />} />
      <Route path={APP_ROUTES.messages} element={<MessagesPage />} />
      <Route path={APP_ROUTES.conversation} element={<MessagesPage />} />
      <Route path={APP_ROUTES.members} element={<MembersPage />} />
      <Route path={APP_ROUTES.notifications} element={<NotificationsPage />} />
      <Route
        path={APP_ROUTES.admin}
        element={
          <AdminGate deniedText={WEB_TEXTS.admin.deniedDashboard}>
            <AdminDashboardPage />
          </AdminGate>
        }
      />
      <Route
        path={APP_ROUTES.simpleAdmin}
        element={
          <AdminGate deniedText={WEB_TEXTS.admin.deniedSimple}>
            <SimpleAdminPage />
          </AdminGate>
        }
      />
      <Route path={APP_ROUTES.terms} element={<LegalPage which="terms" />} />
      <Route path={APP_ROUTES.privacy} element={<LegalPage which="privacy" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
