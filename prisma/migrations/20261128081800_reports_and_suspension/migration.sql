-- CreateEnum
CREATE TYPE "ReportKind" AS ENUM ('offer', 'member', 'message');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "suspendedAt" TIMESTAMP(3),
ADD COLUMN     "suspendedUntil" TIMESTAMP(3),
ADD COLUMN     "suspensionReason" TEXT;

-- AlterTable
ALTER TABLE "Offer" ADD COLUMN     "authorSuspended" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "underReviewAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Report" ADD COLUMN     "kind" "ReportKind" NOT NULL DEFAULT 'offer',
ADD COLUMN     "messageContent" TEXT,
ADD COLUMN     "messageId" INTEGER,
ADD COLUMN     "messageSentAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Report_offerId_status_idx" ON "Report"("offerId", "status");

-- CreateIndex
CREATE INDEX "Report_reportedUserId_status_idx" ON "Report"("reportedUserId", "status");

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE SET NULL ON UPDATE CASCADE;

