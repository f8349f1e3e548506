import { ERROR_MESSAGES, UPGRADE_REQUIRED_TEXTS, type ErrorCode, type PlanName, type UpgradeAction } from "@clube-coroa/schema";

const STATUS: Partial<Record<ErrorCode, number>> = {
  TOKEN_TOO_MANY_ATTEMPTS: 429,
  TOKEN_RESEND_COOLDOWN: 429,
  RATE_LIMITED_PHONE: 429,
  RATE_LIMITED_IP: 429,
  MESSAGES_TOO_FAST: 429,
  WHATSAPP_SEND_FAILED: 502,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  USER_ID_MISMATCH: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
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
