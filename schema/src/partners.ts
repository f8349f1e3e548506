// The partners' API as its guides show it: the example requests of docs/partners.md (for
// developers) and of the staff's guide on /admin ('Parceiras (API)'). Both print these; the server's
// tests send them as written, so neither guide can drift from what the API answers.

/** Groups (and totals) of `sponsorStats` under this many members are answered as null. */
export const PARTNER_MIN_GROUP_SIZE = 5;

/** The site the developers' guide writes in its examples. */
export const PARTNER_EXAMPLE_SITE = "https://clubecoroa.example";

/** A request body a partner sends: the query's text and its variables. */
export interface PartnerExample {
  query: string;
  variables: Record<string, unknown>;
}

/** The first page of consenting members of the Sudeste aged 26 to 35, every field of a row. */
export const PARTNER_DATA_EXAMPLE: PartnerExample = {
  query:
    "query($filter: SponsorFilter, $after: String) { sponsorData(filter: $filter, first: 100, after: $after) { total nextCursor rows { id fullName phone email plan region businessType ageBand serviceType entrepreneurProfile professionalActivity createdAt } } }",
  variables: { filter: { region: "sudeste", age: "26-35" } },
};

/** The counts per group of the members whose business is a service. */
export const PARTNER_STATS_EXAMPLE: PartnerExample = {
  query:
    "query($filter: SponsorFilter) { sponsorStats(filter: $filter) { total byRegion { key count } byPlan { key count } byBusinessType { key count } byServiceType { key count } byProfile { key count } byAgeBand { key count } } }",
  variables: { filter: { businessType: "serviço" } },
};

/**
 * The example as a shell command (curl, the key in $KEY). Its body is the JSON of the example,
 * inside single quotes: the example's texts hold none.
 */
export function partnerCurl(site: string, example: PartnerExample): string {
  return [
    `curl -s ${site}/graphql \\`,
    `  -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(example)}'`,
  ].join("\n");
}
