import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Button } from "../../components/Button";
import type { AdminUserFieldsFragment } from "../../gql/graphql";
import { AdminPlanBadge, AdminSection, DataTable, MoreRow, Nowrap, StateRow } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { AdminUsersDocument } from "./documents";

const T = ADMIN_TEXTS.users;
export const USERS_PAGE_SIZE = 50;
const COLUMNS = 7;

/** The users list of /admin-simples (adminUsers, paged); its error also tells the page she was refused. */
export function useAdminUsers() {
  const query = useQuery(AdminUsersDocument, { variables: { first: USERS_PAGE_SIZE }, notifyOnNetworkStatusChange: true });
  const [loadingMore, setLoadingMore] = useState(false);
  const nextCursor = query.data?.adminUsers.nextCursor ?? null;

  const loadMore = async () => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      await query.fetchMore({
        variables: { after: nextCursor },
        updateQuery: (previous, { fetchMoreResult }) => {
          const seen = new Set(previous.adminUsers.items.map((u) => u.id));
          return {
            adminUsers: {
              ...fetchMoreResult.adminUsers,
              items: [...previous.adminUsers.items, ...fetchMoreResult.adminUsers.items.filter((u) => !seen.has(u.id))],
            },
          };
        },
      });
    } catch (failure) {
      console.error("adminUsers: next page failed", failure);
    } finally {
      setLoadingMore(false);
    }
  };

  return { ...query, nextCursor, loadMore, loadingMore };
}

export function UsersList({ users, onView }: { users: ReturnType<typeof useAdminUsers>; onView: (user: AdminUserFieldsFragment) => void }) {
  const { data, loading, error, refetch, nextCursor, loadMore, loadingMore } = users;
  const items = data?.adminUsers.items ?? [];
  return (
    <AdminSection title={T.title} busy={loading}>
      <DataTable
        caption={T.caption}
        minWidth={760}
        head={
          <tr>
            <th scope="col">{T.columns.id}</th>
            <th scope="col">{T.columns.name}</th>
            <th scope="col">{T.columns.phone}</th>
            <th scope="col">{T.columns.email}</th>
            <th scope="col">{T.columns.city}</th>
            <th scope="col">{T.columns.plan}</th>
            <th scope="col">{T.columns.actions}</th>
          </tr>
        }
      >
        {!data && loading ? (
          <StateRow columns={COLUMNS}>{T.loading}</StateRow>
        ) : !data && error ? (
          <StateRow columns={COLUMNS}>
            {ADMIN_TEXTS.loadError}{" "}
            <Button $variant="ghost" $size="sm" onClick={() => void refetch().catch(() => undefined)}>
              {ADMIN_TEXTS.retry}
            </Button>
          </StateRow>
        ) : items.length === 0 ? (
          <StateRow columns={COLUMNS}>{T.empty}</StateRow>
        ) : (
          items.map((user) => {
            const name = user.fullName || user.nickname || user.phone;
            return (
              <tr key={user.id}>
                <th scope="row">{user.id}</th>
                <td>{user.fullName || ADMIN_TEXTS.found.missing}</td>
                <td>
                  <Nowrap>{user.phone}</Nowrap>
                </td>
                <td>{user.email ?? ""}</td>
                <td>{user.city?.trim() ? user.city : ADMIN_TEXTS.found.cityMissing}</td>
                <td>
                  <AdminPlanBadge plan={user.plan} />
                </td>
                <td>
                  <Button $variant="outline" $size="sm" aria-label={T.viewLabel(name)} onClick={() => onView(user)}>
                    {T.view}
                  </Button>
                </td>
              </tr>
            );
          })
        )}
      </DataTable>
      {nextCursor && (
        <MoreRow>
          <span />
          <Button $variant="outline" $size="sm" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? T.loadingMore : T.loadMore}
          </Button>
        </MoreRow>
      )}
    </AdminSection>
  );
}
