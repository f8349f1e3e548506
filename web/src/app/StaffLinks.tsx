import { Fragment, type ComponentType, type ElementType, type ReactNode } from "react";
import { Tag } from "../components/Badge";

/** The staff's links (spec part 2 section 8): loaded only for a superuser, so a member's first load never carries them. */
export const STAFF_NAV_TEXTS = {
  /** '/admin' in the menus, with the 'Super' badge. */
  control: "Central de Controle",
  superBadge: "Super",
  /** '/admin-simples': the top navigation's 'Admin' link. */
  simple: "Admin",
} as const;

type LinkProps = { to: string; onClick?: () => void; children: ReactNode };

/**
 * 'Central de Controle' (/admin) with its 'Super' badge, then 'Admin' (/admin-simples), drawn with
 * the bar's or the menu's own link (`Wrap` is the menu's list item). The server guards both pages;
 * these links only follow the session's role.
 */
export function StaffLinks({ Link, Wrap = Fragment, onNavigate }: { Link: ComponentType<LinkProps>; Wrap?: ElementType; onNavigate?: () => void }) {
  return (
    <>
      <Wrap>
        <Link to="/admin" onClick={onNavigate}>
          {STAFF_NAV_TEXTS.control}
          <Tag style={{ marginLeft: "0.5em" }}>{STAFF_NAV_TEXTS.superBadge}</Tag>
        </Link>
      </Wrap>
      <Wrap>
        <Link to="/admin-simples" onClick={onNavigate}>
          {STAFF_NAV_TEXTS.simple}
        </Link>
      </Wrap>
    </>
  );
}
