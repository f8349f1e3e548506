import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import styled from "styled-components";
import { formatStoredPhone, SPONSOR_FILTERS, sponsorLabel } from "@clube-coroa/schema";
import { Button, ButtonAnchor } from "../../components/Button";
import { Select } from "../../components/Field";
import type { SponsorFilter } from "../../gql/graphql";
import { AdminPlanBadge, AdminSection, DataTable, MoreRow, Nowrap, Sub, TableRows, appendNew, useNextPage } from "./adminUi";
import { ADMIN_TEXTS } from "./adminTexts";
import { SponsorUsersDocument } from "./documents";

const T = ADMIN_TEXTS.sponsors;
export const SPONSOR_PAGE_SIZE = 50;
type FilterKey = keyof typeof SPONSOR_FILTERS;
const FILTER_KEYS = Object.keys(SPONSOR_FILTERS) as FilterKey[];
type Filters = Record<FilterKey, string>;
const ALL: Filters = { region: "all", businessType: "all", serviceType: "all", profile: "all", age: "all" };

/** The filter the server gets: only the chosen ones ('all' means no filter). */
export function sponsorFilterOf(filters: Filters): SponsorFilter {
  const filter: SponsorFilter = {};
  for (const key of FILTER_KEYS) if (filters[key] !== "all") filter[key] = filters[key];
  return filter;
}

const optionLabel = (key: FilterKey, value: string): string => (T.options[key] as Record<string, string>)[value] ?? value;

const FilterGrid = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

/** 'Dados para Patrocinadores': five filters, the consenting members' table and the server-made CSV. */
export function SponsorSection() {
  const [filters, setFilters] = useState<Filters>(ALL);
  const filter = sponsorFilterOf(filters);
  const { data, loading, error, fetchMore, refetch } = useQuery(SponsorUsersDocument, {
    variables: { filter, first: SPONSOR_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.sponsorUsers;
  const rows = page?.rows ?? [];

  const { loadMore, loadingMore } = useNextPage(
    page?.nextCursor,
    (after) =>
      fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          sponsorUsers: { ...fetchMoreResult.sponsorUsers, rows: appendNew(previous.sponsorUsers.rows, fetchMoreResult.sponsorUsers.rows) },
        }),
      }),
    "sponsorUsers",
  );

  const csv = page?.csvUrl ? (
    <ButtonAnchor href={page.csvUrl} download $variant="gold" $size="sm">
      {T.exportCsv}
    </ButtonAnchor>
  ) : (
    <Button $variant="gold" $size="sm" disabled>
      {T.exportCsv}
    </Button>
  );

  const showRows = !(loading && !loadingMore);

  return (
    <AdminSection title={T.title} lead={T.lead} actions={csv} busy={loading}>
      <FilterGrid>
        <legend>{T.filtersLegend}</legend>
        {FILTER_KEYS.map((key) => (
          <Select key={key} label={T.filters[key]} value={filters[key]} onChange={(e) => setFilters((f) => ({ ...f, [key]: e.target.value }))}>
            <option value="all">{T.all[key]}</option>
            {SPONSOR_FILTERS[key].map((value) => (
              <option key={value} value={value}>
                {optionLabel(key, value)}
              </option>
            ))}
          </Select>
        ))}
      </FilterGrid>
      <DataTable
        caption={T.caption}
        minWidth={720}
        columns={[T.columns.name, T.columns.plan, T.columns.region, T.columns.businessType, T.columns.profile, T.columns.age]}
      >
        <TableRows
          loading={!showRows}
          failed={!page && !!error}
          empty={rows.length === 0}
          texts={T}
          onRetry={() => void refetch().catch(() => undefined)}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                {row.fullName ?? ADMIN_TEXTS.reports.noName}
                <Sub>{formatStoredPhone(row.phone)}</Sub>
              </th>
              <td>
                <AdminPlanBadge plan={row.plan} />
              </td>
              <td>{sponsorLabel("region", row.region) ?? ""}</td>
              <td>{sponsorLabel("businessType", row.businessType) ?? ""}</td>
              <td>{sponsorLabel("profile", row.entrepreneurProfile) ?? ""}</td>
              <td>
                <Nowrap>{row.age != null ? T.years(row.age) : ""}</Nowrap>
              </td>
            </tr>
          ))}
        </TableRows>
      </DataTable>
      {page && (
        <MoreRow>
          <span aria-live="polite">{T.total(rows.length, page.total)}</span>
          {page.nextCursor && (
            <Button $variant="outline" $size="sm" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
              {loadingMore ? T.loadingMore : T.loadMore}
            </Button>
          )}
        </MoreRow>
      )}
    </AdminSection>
  );
}
