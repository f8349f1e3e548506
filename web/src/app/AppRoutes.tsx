import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { AdminGate } from "../features/admin/AdminGate";
import { LoginPage } from "../features/auth/LoginPage";
import { HomePage } from "../features/home/HomePage";
import { MessagesPage } from "../features/messages/MessagesPage";
import { ProfilePage } from "../features/profile/ProfilePage";
import { WEB_TEXTS } from "../lib/texts";
import { NotFoundPage } from "./NotFoundPage";

// Admin code is split out and fetched only when a superuser opens it.
const AdminDashboardPage = lazy(() => import("../features/admin/AdminDashboardPage"));
const SimpleAdminPage = lazy(() => import("../features/admin/SimpleAdminPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/auth" element={<LoginPage />} />
      <Route path="/perfil" element={<ProfilePage />} />
      <Route path="/mensagens" element={<MessagesPage />} />
      <Route path="/mensagens/:id" element={<MessagesPage />} />
      <Route
        path="/admin"
        element={
          <AdminGate deniedText={WEB_TEXTS.admin.deniedDashboard}>
            <AdminDashboardPage />
          </AdminGate>
        }
      />
      <Route
        path="/admin-simples"
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
