-- AlterTable
ALTER TABLE "PromoCode" ADD COLUMN     "validFrom" TIMESTAMP(3);

