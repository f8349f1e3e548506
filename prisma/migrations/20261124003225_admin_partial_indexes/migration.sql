-- Partial indexes Prisma's schema cannot declare (see the comment on model User).
-- The dashboard's 'Usuárias Online': an index-only count of the members online.
CREATE INDEX "User_online_idx" ON "User"("id") WHERE "isOnline";

-- Sponsor data: every filtered page and count of the consenting members, index-only.
CREATE INDEX "User_sponsor_filters_idx" ON "User"("id")
  INCLUDE ("state", "businessType", "serviceType", "entrepreneurProfile", "birthDate")
  WHERE "shareWithSponsors";
