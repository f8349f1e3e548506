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
