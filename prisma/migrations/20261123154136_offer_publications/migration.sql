-- CreateTable
CREATE TABLE "OfferPublication" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "offerId" INTEGER,
    "type" "OfferType" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OfferPublication_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OfferPublication_userId_type_createdAt_idx" ON "OfferPublication"("userId", "type", "createdAt");

-- AddForeignKey
ALTER TABLE "OfferPublication" ADD CONSTRAINT "OfferPublication_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill: each offer already on the board counts as one publication of its kind.
INSERT INTO "OfferPublication" ("userId", "offerId", "type", "createdAt")
SELECT "userId", "id", "type", "createdAt" FROM "Offer";
