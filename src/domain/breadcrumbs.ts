import type { OutlineRpc } from "./outline.ts";
import { PHASE_KINDS, PHASES, toPhaseId } from "./phase.ts";

/**
 * Breadcrumbs built from the route path (docs/product.md §2): every segment becomes an item unless hidden,
 * labels come from a table (or a resolver for ids), and a screen may replace the trail entirely.
 */
export type BreadcrumbType = "root" | "segment" | "dynamic" | "custom";

export interface BreadcrumbItem {
  label: string;
  path: string;
  isActive: boolean;
  type: BreadcrumbType;
}

export interface BreadcrumbOptions {
  /**
   * Labels by segment (`"structure-review"`), by `parent/segment` (`"quizzes/topic"`, a segment only
   * after that parent) or by full path (`"/studymap/topics/abc"`); the most specific one wins.
   */
  labels?: Record<string, string>;
  /**
   * Segments that get no item (a folder with no page of its own): a segment name, a full path, or
   * `parent/segment` for a segment only after that parent.
   */
  hidden?: readonly string[];
  /** A custom trail replaces the one derived from the path; its last item is the active one. */
  trail?: ReadonlyArray<Pick<BreadcrumbItem, "label" | "path">>;
  /** The first segment that starts the trail; segments before it are not shown. */
  root?: string;
}

export const DEFAULT_BREADCRUMB_LABELS: Readonly<Record<string, string>> = {
  studymap: "Studymap",
  topics: "Topics",
  new: "New topic",
  collections: "Collections",
  overview: "Overview",
  summary: "Summary",
  "structure-review": "Structure review",
  microlearning: "Micro-learning",
  quizzes: "Quizzes",
  // The topic quiz sits beside `quizzes/{quizId}`; its own segment alone would read "Topic".
  "quizzes/topic": "Topic quiz",
  "slide-deck": "Slide deck",
  podcast: "Podcast",
  episodes: "Episodes",
  edit: "Edit",
  favorites: "Favorites",
  explore: "Explore",
  account: "Account",
  settings: "Settings",
  subscribe: "Subscribe",
};

/** Path segments that have no screen of their own (their link would only redirect or 404). */
export const DEFAULT_HIDDEN_SEGMENTS: readonly string[] = [
  "topics",
  "collections",
  "account",
  "subscribe",
  "episodes",
  "microlearning/phase",
  "microlearning/overview",
  "microlearning/diagnostic",
  "microlearning/study",
  "microlearning/practice",
  "microlearning/mastery",
  "microlearning/recap",
];

export function buildBreadcrumbs(pathname: string, options: BreadcrumbOptions = {}): BreadcrumbItem[] {
  if (options.trail) return customTrail(options.trail);
  const labels = { ...DEFAULT_BREADCRUMB_LABELS, ...options.labels };
  const hidden = new Set(options.hidden ?? DEFAULT_HIDDEN_SEGMENTS);
  const segments = pathname.split("/").filter(Boolean).map(decodeSegment);
  const start = options.root ? Math.max(segments.indexOf(options.root), 0) : 0;

  const items: BreadcrumbItem[] = [];
  segments.forEach((segment, index) => {
    if (index < start) return;
    const path = `/${segments
      .slice(0, index + 1)
      .map(encodeURIComponent)
      .join("/")}`;
    const isLast = index === segments.length - 1;
    const parentPair = `${segments[index - 1]}/${segment}`;
    if (!isLast && (hidden.has(segment) || hidden.has(path) || hidden.has(parentPair))) return;
    const label = labels[path] ?? labels[parentPair] ?? labels[segment];
    items.push({
      label: label ?? humanize(segment),
      path,
      isActive: isLast,
      type: index === start ? "root" : label || !looksLikeId(segment) ? "segment" : "dynamic",
    });
  });
  return items;
}

function customTrail(trail: NonNullable<BreadcrumbOptions["trail"]>): BreadcrumbItem[] {
  return trail.map((item, index) => ({
    label: item.label,
    path: item.path,
    isActive: index === trail.length - 1,
    type: "custom",
  }));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Ids (uuids, long digit runs, phase ids) are data, not words; a resolver gives them a label. */
export function looksLikeId(segment: string): boolean {
  return /[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) || /^\d+$/.test(segment);
}

/**
 * What an id segment shows until its title is known: a raw id means nothing to a learner, so the trail
 * keeps its shape with a neutral mark instead.
 */
export const PENDING_LABEL = "…";

/**
 * Labels by segment for the ids of a topic's screens, from the course outline the hub already reads: a
 * quiz or episode (an activity id) by its title, a chapter by its title, a phase (`<chapterId>-<kind>`)
 * by its Dutch phase label and chapter.
 */
export function outlineLabels(outline: OutlineRpc): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const chapter of outline.chapters) {
    labels[chapter.id] = chapter.title;
    for (const kind of PHASE_KINDS)
      labels[toPhaseId(chapter.id, kind)] = `${PHASES[kind].label}: ${chapter.title}`;
    for (const activity of chapter.activities) labels[activity.id] = activity.title || chapter.title;
  }
  return labels;
}

function humanize(segment: string): string {
  if (looksLikeId(segment)) return PENDING_LABEL;
  const words = segment.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
