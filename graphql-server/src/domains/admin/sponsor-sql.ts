import { birthDateRangeOfBand, SPONSOR_FILTERS, statesOfRegion, type SponsorAgeBand, type SponsorFilter } from "@clube-coroa/schema";
import { Prisma } from "../../generated/prisma/client.js";

// The sponsor filters and derived columns as SQL, for the statements Prisma's query builder cannot
// write (the partners' rows with an age band instead of a birth date, the counts by group). Built
// from the same helpers as `whereOf` in sponsors.service.ts (statesOfRegion, birthDateRangeOfBand),
// so a filter keeps the same members in both; partners.test.ts checks that they agree.

const day = (value: string) => Prisma.sql`${value}::date`;

/** The WHERE condition of a filter: the consenting members only when `consentingOnly`. */
export function sponsorWhereSql(filter: SponsorFilter, today: string, { consentingOnly }: { consentingOnly: boolean }): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (consentingOnly) conditions.push(Prisma.sql`"shareWithSponsors"`);
  if (filter.region) conditions.push(Prisma.sql`"state" IN (${Prisma.join(statesOfRegion(filter.region))})`);
  if (filter.businessType) conditions.push(Prisma.sql`"businessType" = ${filter.businessType}`);
  if (filter.serviceType) conditions.push(Prisma.sql`"serviceType" = ${filter.serviceType}`);
  if (filter.profile) conditions.push(Prisma.sql`"entrepreneurProfile" = ${filter.profile}`);
  if (filter.age) {
    const { bornOnOrBefore, bornAfter } = birthDateRangeOfBand(filter.age, today);
    conditions.push(Prisma.sql`"birthDate" <= ${day(bornOnOrBefore)}`);
    if (bornAfter) conditions.push(Prisma.sql`"birthDate" > ${day(bornAfter)}`);
  }
  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

/** Her macro-region from the state column ('SP' or 'São Paulo'), as the region filter reads it; NULL when it names none. */
export function regionSql(): Prisma.Sql {
  const cases = SPONSOR_FILTERS.region.map((region) => Prisma.sql`WHEN "state" IN (${Prisma.join(statesOfRegion(region))}) THEN ${region}`);
  return Prisma.sql`(CASE ${Prisma.join(cases, " ")} ELSE NULL END)`;
}

/**
 * Her age band on `today` (São Paulo's calendar) from the birthDate column, computed in the
 * database so the date itself never leaves it; NULL without a birth date (or under 18).
 */
export function ageBandSql(today: string): Prisma.Sql {
  // Oldest band first: each WHEN only sees the members younger than the bands before it.
  const oldestFirst = [...SPONSOR_FILTERS.age].reverse() as SponsorAgeBand[];
  const cases = oldestFirst.map((band) => Prisma.sql`WHEN "birthDate" <= ${day(birthDateRangeOfBand(band, today).bornOnOrBefore)} THEN ${band}`);
  return Prisma.sql`(CASE ${Prisma.join(cases, " ")} ELSE NULL END)`;
}
