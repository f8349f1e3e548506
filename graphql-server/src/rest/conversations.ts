import { Router, type Request } from "express";
import { ERROR_TEXTS, parseId } from "@clube-coroa/schema";
import { AppError } from "../lib/errors.js";
import { idOr, requireMember } from "../lib/http.js";
import type { Services } from "../services.js";

/** REST answers the newest this many messages when no cursor is given (the spec's client reads all). */
const REST_MESSAGES_LIMIT = 200;

const query = (req: Request, name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : undefined);

const conversationId = (req: Request) => idOr(req.params.id, () => new AppError("CONVERSATION_NOT_FOUND"));

/** Conversations, messages, unread count and presence (spec part 1 section 7). */
export function conversationsRoutes(services: Services) {
  const router = Router();
  const { conversations, presence } = services;

  router.post("/conversations", async (req, res) => {
    const user = requireMember(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.offerId === undefined || body.offerId === null || body.offerId === "") throw new AppError("VALIDATION", ERROR_TEXTS.offerRequired);
    const offerId = idOr(body.offerId, () => new AppError("NOT_FOUND", ERROR_TEXTS.offerNotFound));
    if (body.interestedUserId !== undefined && parseId(body.interestedUserId) !== user.id) throw new AppError("USER_ID_MISMATCH");
    const expectedOwnerId = body.offerOwnerId === undefined ? undefined : (parseId(body.offerOwnerId) ?? -1);
    res.json(await conversations.startConversation(user, offerId, { expectedOwnerId }));
  });

  router.get("/conversations", async (req, res) => {
    // ?q= searches them (record 0265): the same list, each with where the words were found.
    const user = requireMember(req);
    const q = req.query.q;
    if (q !== undefined && typeof q !== "string") throw new AppError("VALIDATION", ERROR_TEXTS.filterInvalid);
    res.json(await conversations.searchConversations(user, q));
  });

  router.get("/conversations/:id/messages", async (req, res) => {
    const user = requireMember(req);
    res.json(
      await conversations.listMessages(user, conversationId(req), {
        before: query(req, "before"),
        after: query(req, "after"),
        limit: query(req, "limit") ?? REST_MESSAGES_LIMIT,
      }),
    );
  });

  // The spec's body is {content}; a client may add its key for the message, as `clientMessageId`
  // or as the Idempotency-Key header, so that sending it again never stores it twice.
  router.post("/conversations/:id/messages", async (req, res) => {
    const user = requireMember(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const header = req.get("idempotency-key");
    const inBody = body.clientMessageId ?? undefined;
    if (header !== undefined && inBody !== undefined && inBody !== header) {
      throw new AppError("CLIENT_MESSAGE_ID_INVALID", ERROR_TEXTS.idempotencyKeyMismatch);
    }
    const message = await conversations.sendMessage(user, conversationId(req), body.content, inBody ?? header);
    res.status(201).json(message);
  });

  router.post("/conversations/:id/read", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, ...(await conversations.markRead(user, conversationId(req))) });
  });

  router.delete("/conversations/:id", async (req, res) => {
    const user = requireMember(req);
    res.json({ success: true, ...(await conversations.deleteConversation(user, conversationId(req))) });
  });

  router.get("/messages/unread-count", async (req, res) => {
    res.json({ count: await conversations.unreadCount(requireMember(req)) });
  });

  // Also the unload beacon: text/plain JSON { isOnline: false, userId }; the userId must be hers.
  router.post("/user/online-status", async (req, res) => {
    const user = requireMember(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.isOnline !== "boolean") throw new AppError("VALIDATION", ERROR_TEXTS.isOnlineRequired);
    if (body.userId !== undefined && body.userId !== null && parseId(body.userId) !== user.id) throw new AppError("USER_ID_MISMATCH");
    res.json({ success: true, ...(await presence.heartbeat(user.id, body.isOnline)) });
  });

  return router;
}
