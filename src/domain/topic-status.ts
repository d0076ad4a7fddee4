/** SPEC §3/§4 processing statuses plus DECISIONS §4's `failed`; the misspelling counts as generating. */
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
export const STATUS_VALUES: Record<TopicStatusKey, ReadonlyArray<string | null>> = {
  not_started: [null, "pending"],
  generating: ["generating_structure", "generating_structue"],
  review: ["awaiting_structure_review"],
  ready: ["completed"],
  failed: ["failed"],
};

export function topicStatusKey(status: string | null | undefined): TopicStatusKey {
  const match = (Object.keys(STATUS_VALUES) as TopicStatusKey[]).find((key) =>
    STATUS_VALUES[key].includes(status ?? null),
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
