import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { APP_ROUTES } from "@clube-coroa/schema";
import { AdminGate } from "../features/admin/AdminGate";
import { HomeRoute } from "../features/invitation/HomeRoute";
import { WEB_TEXTS } from "../lib/texts";
import { NotFoundPage } from "./NotFoundPage";
import { loginPage, messagesPage, profilePage } from "./pages";

const LoginPage = loginPage.Component;
const ProfilePage = profilePage.Component;
const MessagesPage = messagesPage.Component;

// Admin code is split out and fetched only when a superuser opens it.
const AdminDashboardPage = lazy(() => import("../features/admin/AdminDashboardPage"));
const SimpleAdminPage = lazy(() => import("../features/admin/SimpleAdminPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route path={APP_ROUTES.home} element={<HomeRoute />} />
      <Route path={APP_ROUTES.signIn} element={<LoginPage />} />
      <Route path={APP_ROUTES.profile} element={<ProfilePage />} />
      <Route path={APP_ROUTES.messages} element={<MessagesPage />} />
      <Route path={APP_ROUTES.conversation} element={<MessagesPage />} />
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
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
