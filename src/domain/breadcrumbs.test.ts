import { describe, expect, it } from "vitest";
import { buildBreadcrumbs, outlineLabels, PENDING_LABEL } from "./breadcrumbs";
import type { OutlineRpc } from "./outline.ts";

const topicId = "0b6f6c9e-8c7a-4f59-9a38-8f0b7d0f0a11";

describe("buildBreadcrumbs (docs/product.md §2)", () => {
  it("builds one item per segment with label, path, isActive and type", () => {
    expect(buildBreadcrumbs("/studymap/favorites")).toEqual([
      { label: "Studymap", path: "/studymap", isActive: false, type: "root" },
      { label: "Favorites", path: "/studymap/favorites", isActive: true, type: "segment" },
    ]);
  });

  it("marks only the last item active", () => {
    const items = buildBreadcrumbs(`/studymap/topics/${topicId}/summary`);
    expect(items.map((item) => item.isActive)).toEqual([false, false, true]);
  });

  it("hides segments that have no page of their own, but never the current page", () => {
    expect(buildBreadcrumbs(`/studymap/topics/${topicId}/overview`).map((item) => item.path)).toEqual([
      "/studymap",
      `/studymap/topics/${topicId}`,
      `/studymap/topics/${topicId}/overview`,
    ]);
    expect(buildBreadcrumbs("/account/settings").map((item) => item.label)).toEqual(["Settings"]);
  });

  it("hides a segment only after its named parent", () => {
    const path = `/studymap/topics/${topicId}/microlearning/study/c1`;
    expect(buildBreadcrumbs(path).map((item) => item.label)).toEqual([
      "Studymap",
      PENDING_LABEL,
      "Micro-learning",
      "C1",
    ]);
  });

  it("takes labels by segment or by full path and marks ids as dynamic", () => {
    const items = buildBreadcrumbs(`/studymap/topics/${topicId}/summary`, {
      labels: { [`/studymap/topics/${topicId}`]: "Photosynthesis", summary: "Samenvatting" },
    });
    expect(items[1]).toEqual({
      label: "Photosynthesis",
      path: `/studymap/topics/${topicId}`,
      isActive: false,
      type: "segment",
    });
    expect(items[2]?.label).toBe("Samenvatting");
    expect(buildBreadcrumbs(`/studymap/topics/${topicId}`)[1]?.type).toBe("dynamic");
  });

  it("takes a label by parent/segment only after that parent", () => {
    expect(buildBreadcrumbs(`/studymap/topics/${topicId}/quizzes/topic`).map((item) => item.label)).toEqual([
      "Studymap",
      PENDING_LABEL,
      "Quizzes",
      "Topic quiz",
    ]);
    expect(buildBreadcrumbs("/studymap/topic").at(-1)?.label).toBe("Topic");
    const items = buildBreadcrumbs("/a/quizzes/topic", { labels: { "/a/quizzes/topic": "By path" } });
    expect(items.at(-1)?.label).toBe("By path");
  });

  it("accepts custom hidden segments", () => {
    expect(buildBreadcrumbs("/studymap/topics/new", { hidden: ["studymap"] })).toEqual([
      { label: "Topics", path: "/studymap/topics", isActive: false, type: "segment" },
      { label: "New topic", path: "/studymap/topics/new", isActive: true, type: "segment" },
    ]);
  });

  it("lets a custom trail replace the derived one", () => {
    expect(
      buildBreadcrumbs("/anything", {
        trail: [
          { label: "Explore", path: "/explore" },
          { label: "Subscribe", path: "/subscribe/topic/x" },
        ],
      }),
    ).toEqual([
      { label: "Explore", path: "/explore", isActive: false, type: "custom" },
      { label: "Subscribe", path: "/subscribe/topic/x", isActive: true, type: "custom" },
    ]);
  });

  it("starts at a root segment when asked and humanizes unknown words", () => {
    expect(buildBreadcrumbs("/app/my-notes", { root: "my-notes" })).toEqual([
      { label: "My notes", path: "/app/my-notes", isActive: true, type: "root" },
    ]);
  });

  it("gives nothing for the site root", () => {
    expect(buildBreadcrumbs("/")).toEqual([]);
  });

  it("never shows a raw id: an unresolved id waits under a neutral mark", () => {
    const labels = buildBreadcrumbs(`/studymap/topics/${topicId}/quizzes/${quizId}`).map(
      (item) => item.label,
    );
    expect(labels).toEqual(["Studymap", PENDING_LABEL, "Quizzes", PENDING_LABEL]);
    expect(labels.join(" ")).not.toContain(topicId.slice(0, 8));
  });

  it("names quizzes, episodes, chapters and phases by the titles of the course outline", () => {
    const labels = { [`/studymap/topics/${topicId}`]: "Photosynthesis", ...outlineLabels(outline) };
    const trail = (path: string) => buildBreadcrumbs(path, { labels }).map((item) => item.label);
    expect(trail(`/studymap/topics/${topicId}/quizzes/${quizId}`)).toEqual([
      "Studymap",
      "Photosynthesis",
      "Quizzes",
      "Check: light reactions",
    ]);
    expect(trail(`/studymap/topics/${topicId}/podcast/episodes/${recapId}`).at(-1)).toBe("Light reactions");
    expect(trail(`/studymap/topics/${topicId}/microlearning/phase/${chapterId}-study`).at(-1)).toBe(
      "Studie: Light reactions",
    );
    expect(trail(`/studymap/topics/${topicId}/microlearning/practice/${chapterId}`).at(-1)).toBe(
      "Light reactions",
    );
  });
});

const chapterId = "2c1d3e4f-1111-4a2b-8c3d-000000000001";
const quizId = "2c1d3e4f-2222-4a2b-8c3d-000000000002";
const recapId = "2c1d3e4f-3333-4a2b-8c3d-000000000003";
const outline: OutlineRpc = {
  course: null,
  chapters: [
    {
      id: chapterId,
      title: "Light reactions",
      summary: null,
      position: 1,
      activities: [
        {
          id: quizId,
          kind: "diagnostic",
          title: "Check: light reactions",
          position: 2,
          status: "not_started",
        },
        { id: recapId, kind: "recap", title: null, position: 6, status: "not_started" },
      ],
    },
  ],
};
