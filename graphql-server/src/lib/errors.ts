import { StorageUnavailableError } from "../providers/storage/storage.js";
import { ERROR_MESSAGES, ERROR_TEXTS, type ErrorCode, type PlanName, UPGRADE_REQUIRED_TEXTS, type UpgradeAction } from "@clube-coroa/schema";

const STATUS: Partial<Record<ErrorCode, number>> = {
  TOKEN_TOO_MANY_ATTEMPTS: 429,
  TOKEN_RESEND_COOLDOWN: 429,
  RATE_LIMITED_PHONE: 429,
  RECENT_CODE_REQUIRED: 429,
  RATE_LIMITED_IP: 429,
  MESSAGES_TOO_FAST: 429,
  CLIENT_MESSAGE_ID_REUSED: 409,
  WHATSAPP_SEND_FAILED: 502,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  USER_ID_MISMATCH: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  PLAN_FEATURE: 403,
  PLAN_CHANGE_FORBIDDEN: 403,
  IMAGE_TOO_LARGE: 413,
  CEP_NOT_FOUND: 404,
  PLAN_LIMIT: 403,
  AI_FAILED: 502,
  OWN_OFFER: 403,
  UPGRADE_REQUIRED: 403,
  CONVERSATION_NOT_FOUND: 404,
  REPORT_OWN_OFFER: 403,
  PROFILE_NOT_PUBLIC: 403,
  PLAN_NOT_AVAILABLE: 400,
  ALREADY_ON_PLAN: 409,
  MIGRATION_FAILED: 502,
  CANCEL_FAILED: 502,
  PAYMENT_REFUSED: 402,
  PAYMENT_UNAVAILABLE: 503,
  CHECKOUT_IN_PROGRESS: 409,
  ALREADY_REGISTERED: 409,
  PAYMENT_NOT_PENDING: 409,
  WEBHOOK_UNAUTHORIZED: 401,
  REPORT_NOT_PENDING: 409,
  ALREADY_SUPERUSER: 409,
  CONVERSATION_UNAVAILABLE: 403,
  CONVERSATIONS_CLOSED: 403,
  SAFETY_TARGET_INVALID: 400,
  REPORT_ALREADY_OPEN: 409,
  REPORT_OWN_TARGET: 403,
  ACCOUNT_SUSPENDED: 403,
  DATA_EXPORT_TOO_SOON: 429,
  DATA_EXPORT_NOT_READY: 409,
  DATA_EXPORT_EXPIRED: 410,
};

/**
 * An error a member or client may see: a stable code, the product's Portuguese text and the
 * HTTP status REST answers with. GraphQL returns it as the `AppError` result type.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    options: { retryAfterSeconds?: number; details?: Record<string, unknown>; status?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? STATUS[code] ?? 400;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

/**
 * Her plan does not allow the action (spec part 1 section 6): the client opens the upgrade prompt
 * for `action`, inviting her to `targetPlan`. REST answers 403 with these fields; GraphQL the
 * `UpgradeRequiredError` result.
 */
export class UpgradeRequiredError extends AppError {
  readonly action: UpgradeAction;
  readonly targetPlan: PlanName;
  readonly upgradeMessage: string;
  readonly showUpgrade = true as const;
  constructor(action: UpgradeAction, targetPlan: PlanName) {
    const { message, upgradeMessage } = UPGRADE_REQUIRED_TEXTS[action];
    super("UPGRADE_REQUIRED", message, { details: { action, targetPlan, upgradeMessage, showUpgrade: true } });
    this.name = "UpgradeRequiredError";
    this.action = action;
    this.targetPlan = targetPlan;
    this.upgradeMessage = upgradeMessage;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** Seconds a client is asked to wait when the database is saturated. */
export const OVERLOAD_RETRY_SECONDS = 2;

/**
 * The database is saturated: no connection or transaction slot in time, or a statement gave up
 * waiting for a lock (55P03) or ran past its time (57014). The request may succeed a moment later.
 */
function isOverload(error: unknown) {
  const { code, message, meta } = (error ?? {}) as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  if (code === "P2028" || code === "P2024") return true;
  const postgresCode = meta?.driverAdapterError?.cause?.originalCode ?? code;
  if (postgresCode === "55P03" || postgresCode === "57014") return true;
  return (
    typeof message === "string" &&
    /timeout exceeded when trying to connect|Unable to start a transaction|canceling statement due to (lock|statement) timeout/i.test(message)
  );
}

/** Seconds a client is asked to wait when the uploads' storage does not answer. */
export const STORAGE_RETRY_SECONDS = 5;
/** The uploads' storage (S3...) does not answer: photos and banners can be neither read nor saved. */
export const STORAGE_UNAVAILABLE_MESSAGE = "As imagens estão indisponíveis no momento. Tente novamente em alguns instantes.";

export const isStorageUnavailable = (error: unknown): error is StorageUnavailableError => error instanceof StorageUnavailableError;

/** Body-parser's refusals, by their type, as the product's errors. */
const BODY_ERRORS: Record<string, () => AppError> = {
  "entity.too.large": () => new AppError("PAYLOAD_TOO_LARGE"),
  "entity.parse.failed": () => new AppError("BAD_REQUEST", ERROR_TEXTS.bodyNotJson),
  "entity.verify.failed": () => new AppError("BAD_REQUEST", ERROR_TEXTS.bodyInvalid),
  "charset.unsupported": () => new AppError("UNSUPPORTED_MEDIA_TYPE", ERROR_TEXTS.charsetUnsupported),
  "encoding.unsupported": () => new AppError("UNSUPPORTED_MEDIA_TYPE", ERROR_TEXTS.encodingUnsupported),
  "request.aborted": () => new AppError("BAD_REQUEST", ERROR_TEXTS.requestAborted),
  "request.size.invalid": () => new AppError("BAD_REQUEST", ERROR_TEXTS.bodySizeMismatch),
  "parameters.too.many": () => new AppError("PAYLOAD_TOO_LARGE"),
};

/**
 * Any error a request ended with, as the error the client is answered with: an AppError as it is;
 * a saturated database as 503 with Retry-After; the HTTP layer's own 4xx refusals (unparsable body,
 * unknown charset or compression, malformed percent-encoding in the path) as a 4xx with a
 * Portuguese text. Null for an unexpected fault (the caller logs it and answers 500).
 */
export function toAppError(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  if (isOverload(error)) return new AppError("UNAVAILABLE", undefined, { retryAfterSeconds: OVERLOAD_RETRY_SECONDS });
  if (error instanceof StorageUnavailableError) return new AppError("UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: STORAGE_RETRY_SECONDS });
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (typeof type === "string" && BODY_ERRORS[type]) return BODY_ERRORS[type]();
  if (error instanceof URIError) return new AppError("BAD_REQUEST", ERROR_TEXTS.addressInvalid);
  if (typeof status === "number" && status >= 400 && status < 500) {
    return new AppError("BAD_REQUEST", ERROR_MESSAGES.BAD_REQUEST, { status: status === 415 ? 415 : 400 });
  }
  return null;
}
