import { useQuery } from "@apollo/client/react";
import { Button } from "../../components/Button";
import type { AdminUserFieldsFragment } from "../../gql/graphql";
import { AdminPlanBadge, AdminSection, DataTable, MoreRow, Nowrap, TableRows, appendNew, useNextPage } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { AdminUsersDocument } from "./documents";

const T = ADMIN_TEXTS.users;
export const USERS_PAGE_SIZE = 50;
/** The users list of /admin-simples (adminUsers, paged); its error also tells the page she was refused. */
export function useAdminUsers() {
  const query = useQuery(AdminUsersDocument, { variables: { first: USERS_PAGE_SIZE }, notifyOnNetworkStatusChange: true });
  const nextCursor = query.data?.adminUsers.nextCursor ?? null;

  const { loadMore, loadingMore } = useNextPage(
    nextCursor,
    (after) =>
      query.fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          adminUsers: { ...fetchMoreResult.adminUsers, items: appendNew(previous.adminUsers.items, fetchMoreResult.adminUsers.items) },
        }),
      }),
    "adminUsers",
  );

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
        columns={[T.columns.id, T.columns.name, T.columns.phone, T.columns.email, T.columns.city, T.columns.plan, T.columns.actions]}
      >
        <TableRows
          loading={!data && loading}
          failed={!data && !!error}
          empty={items.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {items.map((user) => {
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
          })}
        </TableRows>
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
