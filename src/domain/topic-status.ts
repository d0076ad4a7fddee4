/** Every value of topics.processing_status (its check constraint; a test ties the two). */
export const PROCESSING_STATUSES = [
  "pending",
  "generating_structure",
  "generating_structue",
  "awaiting_structure_review",
  "completed",
  "failed",
] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/**
 * Statuses in which a structure is being generated. `generating_structue` is a misspelling the
 * product's specification uses; the database stores it as `generating_structure`, and both count.
 */
export const STRUCTURE_GENERATING_STATUSES = [
  "generating_structure",
  "generating_structue",
] as const satisfies readonly ProcessingStatus[];

/**
 * Statuses a structure run may still write: the product sets one of them before it triggers the task,
 * so a topic in any other state has moved on and the run leaves it alone.
 */
export const STRUCTURE_RUN_STATUSES = [
  "pending",
  ...STRUCTURE_GENERATING_STATUSES,
] as const satisfies readonly ProcessingStatus[];

/** Processing statuses as the UI groups them (docs/product.md, "Topic status"); `failed` ends a run. */
export type TopicStatusKey = "not_started" | "generating" | "review" | "ready" | "failed";

/** How strongly a status should stand out; the UI picks colours per tone. */
export type StatusTone = "neutral" | "info" | "success" | "warning" | "danger";

export interface TopicStatusView {
  key: TopicStatusKey;
  label: string;
  tone: StatusTone;
  /** Progress shown on cards while generating. */
  showProgress: boolean;
}

const VIEWS: Record<TopicStatusKey, Omit<TopicStatusView, "key">> = {
  not_started: { label: "Not started", tone: "neutral", showProgress: false },
  generating: { label: "Generating structure", tone: "info", showProgress: true },
  review: { label: "Ready for review", tone: "warning", showProgress: false },
  ready: { label: "Ready", tone: "success", showProgress: false },
  failed: { label: "Failed", tone: "danger", showProgress: false },
};

/** The database values behind each status, used by the dashboard's status filter. */
export const STATUS_VALUES: Record<TopicStatusKey, ReadonlyArray<ProcessingStatus | null>> = {
  not_started: [null, "pending"],
  generating: STRUCTURE_GENERATING_STATUSES,
  review: ["awaiting_structure_review"],
  ready: ["completed"],
  failed: ["failed"],
};

export function topicStatusKey(status: string | null | undefined): TopicStatusKey {
  const match = (Object.keys(STATUS_VALUES) as TopicStatusKey[]).find((key) =>
    (STATUS_VALUES[key] as ReadonlyArray<string | null>).includes(status ?? null),
  );
  return match ?? "not_started";
}

export function topicStatusView(status: string | null | undefined): TopicStatusView {
  const key = topicStatusKey(status);
  return { key, ...VIEWS[key] };
}

export function isTopicStatusKey(value: unknown): value is TopicStatusKey {
  return typeof value === "string" && value in STATUS_VALUES;
}

export const TOPIC_STATUS_FILTERS = (Object.keys(VIEWS) as TopicStatusKey[]).map((key) => ({
  key,
  label: VIEWS[key].label,
}));
