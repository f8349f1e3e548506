-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "blockedAt" TIMESTAMP(3);


-- Conversations whose members a block already stands between (record 0248).
UPDATE "Conversation" c SET "blockedAt" = b."createdAt"
FROM (
  SELECT m1."conversationId", min(mb."createdAt") AS "createdAt"
  FROM "ConversationMember" m1
  JOIN "ConversationMember" m2 ON m2."conversationId" = m1."conversationId" AND m2."userId" <> m1."userId"
  JOIN "MemberBlock" mb ON mb."blockerId" = m1."userId" AND mb."blockedId" = m2."userId"
  GROUP BY m1."conversationId"
) b
WHERE c.id = b."conversationId";
