-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "hiddenAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "SuperuserInvite" (
    "id" SERIAL NOT NULL,
    "phone" TEXT NOT NULL,
    "addedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),

    CONSTRAINT "SuperuserInvite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SuperuserInvite_phone_key" ON "SuperuserInvite"("phone");

-- CreateIndex
CREATE INDEX "User_shareWithSponsors_id_idx" ON "User"("shareWithSponsors", "id");

