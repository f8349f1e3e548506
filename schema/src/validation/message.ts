// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { ERROR_MESSAGES } from "../messages.js";
import { LIMITS } from "../constants.js";
import { withoutNul } from "./text.js";

/** A message's text: trimmed, not empty, at most 2,000 characters. */
export const messageContentSchema = withoutNul(
  z
    .string({ error: ERROR_MESSAGES.MESSAGE_EMPTY })
    .trim()
    .min(1, ERROR_MESSAGES.MESSAGE_EMPTY)
    .max(LIMITS.messageMax, ERROR_MESSAGES.MESSAGE_TOO_LONG),
);

/**
 * The key a client gives a message so that sending it again (after a lost answer) never stores it
 * twice: a UUID, or any 1 to 64 letters, digits, '-' or '_'. Compared exactly, per sender.
 */
export const clientMessageIdSchema = z
  .string({ error: ERROR_MESSAGES.CLIENT_MESSAGE_ID_INVALID })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, ERROR_MESSAGES.CLIENT_MESSAGE_ID_INVALID);
