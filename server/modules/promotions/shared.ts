/*
 * The back office's words for promo codes (issue 25 §5, ADR 67), safe for the browser.
 */

export const PROMOTION_KINDS = ["percent", "amount", "free_delivery"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const KIND_LABELS: Record<PromotionKind, string> = {
  percent: "Percentage off",
  amount: "Amount off",
  free_delivery: "Free delivery",
};

/**
 * Where a code stands now: paused by staff; not started yet (scheduled); past its end (ended);
 * every use taken (used-up); else active. Paused wins over the dates, ended over used up.
 */
export const PROMOTION_STATUSES = ["active", "paused", "scheduled", "ended", "used-up"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const STATUS_LABELS: Record<PromotionStatus, string> = {
  active: "Active",
  paused: "Paused",
  scheduled: "Scheduled",
  ended: "Ended",
  "used-up": "Used up",
};

export const PROMOTION_SORTS = ["created", "code", "starts", "ends", "uses", "revenue"] as const;

/**
 * The time zone the editor's start and end are typed and shown in. The shop keeps and shows every
 * day of the back office in UTC (ADR 60) and has no time zone setting yet: ADR 67.
 */
export const SHOP_TIME_ZONE = "UTC";

/** A code as shoppers type it: letters, digits and hyphens, kept upper case. */
export const CODE_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
export const CODE_MAX = 32;
