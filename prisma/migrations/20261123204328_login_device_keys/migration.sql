-- AlterTable
ALTER TABLE "LoginToken" ADD COLUMN     "addressBound" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "deviceHash" TEXT;

-- CreateTable
CREATE TABLE "TrustedDevice" (
    "userId" INTEGER NOT NULL,
    "deviceHash" TEXT NOT NULL,
    "lastSignInAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrustedDevice_pkey" PRIMARY KEY ("userId","deviceHash")
);

-- AddForeignKey
ALTER TABLE "TrustedDevice" ADD CONSTRAINT "TrustedDevice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Codes sent before device keys existed were asked for without one: their address may still use them.
UPDATE "LoginToken" SET "addressBound" = true;
