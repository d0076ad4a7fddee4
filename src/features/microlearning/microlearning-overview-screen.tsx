import { Link } from "@tanstack/react-router";
import { useState } from "react";
import useSWR from "swr";
import { GeneratorNote } from "@/components/generator-note";
import { TopicThumbnail } from "@/components/topics/topic-thumbnail";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { type Outline, outlineCounts, overallProgress, resumePoint } from "@/domain/outline.ts";
import { useAuth, useCanManageContent, useSupabase } from "@/lib/auth/auth-context";
import { useBackgroundReady } from "@/lib/background";
import { fetchCourseGenerator, type OverviewTopic } from "./api.ts";
import { ChallengeCard } from "./challenge-card.tsx";
import { ChapterCard } from "./chapter-card.tsx";
import { PublishFirstVersion, useCanPublishPath, useCourseDraft } from "./course-draft.tsx";
import { ownDraftHasProgress, useCourseGeneration } from "./course-generation.tsx";
import { ExportCardsButton } from "./export-cards-button.tsx";
import { dutchDateOrFallback, levelOrFallback, subjectOrFallback } from "./summary.ts";
import { useMicrolearningOverview } from "./use-microlearning-overview.ts";

function SummaryCard({ topic, outline }: { topic: OverviewTopic; outline: Outline }) {
  const counts = outlineCounts(outline);
  const progress = overallProgress(outline);
  return (
    <Card className="flex flex-col gap-5 p-5 sm:flex-row">
      <TopicThumbnail stored={topic.thumbnailPath} title={topic.title} className="rounded-lg sm:w-56">
        <span className="absolute top-2 left-2">
          <Badge tone="info">Teacher</Badge>
        </span>
      </TopicThumbnail>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="success">MicroLearning</Badge>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">
            Last updated{" "}
            <time dateTime={topic.updatedAt ?? undefined}>{dutchDateOrFallback(topic.updatedAt)}</time>
          </span>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{topic.title}</h1>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
          <div>
            <dt className="sr-only">Subject</dt>
            <dd>{subjectOrFallback(topic.subjectTitle)}</dd>
          </div>
          <div>
            <dt className="sr-only">Created</dt>
            <dd>
              <time dateTime={topic.createdAt ?? undefined}>{dutchDateOrFallback(topic.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Level</dt>
            <dd>{levelOrFallback(topic.level)}</dd>
          </div>
          <div>
            <dt className="sr-only">Quizzes</dt>
            <dd>{counts.quizzes} quizzes</dd>
          </div>
          <div>
            <dt className="sr-only">Lessons</dt>
            <dd>{counts.lessons} lessons</dd>
          </div>
        </dl>
        <div className="flex items-center gap-3">
          <span className="text-sm font-medium">Progressie</span>
          <ProgressBar label="Progressie" value={progress} />
          <span className="w-12 text-right text-sm tabular-nums">{progress}%</span>
        </div>
      </div>
    </Card>
  );
}

function ResumeButton({ topicId, outline }: { topicId: string; outline: Outline }) {
  const resume = resumePoint(outline);
  if (!resume) {
    return (
      <Button variant="secondary" disabled>
        Start where you left off
      </Button>
    );
  }
  return (
    <Link
      to="/studymap/topics/$topicId/microlearning/$kind/$chapterId"
      params={{ topicId, kind: resume.kind, chapterId: resume.chapterId }}
      className={buttonClasses("secondary")}
    >
      Start where you left off
    </Link>
  );
}

/** What wrote the course shown, read beside the outline (only a quiet line depends on it). */
function CourseGeneratorNote({ courseId, entityId }: { courseId: string | null; entityId: string }) {
  const client = useSupabase();
  const ready = useBackgroundReady();
  const { data: generator } = useSWR(
    courseId && ready ? (["course-generator", courseId] as const) : null,
    ([, id]) => fetchCourseGenerator(client, id).catch(() => null),
  );
  return <GeneratorNote generator={generator ?? null} entityId={entityId} />;
}

/**
 * Said instead of "Genereer leerpad" to a learner who cannot manage the topic once its path is published:
 * the published course is the one everybody sees (docs/product.md §3), so a learner's own new draft
 * would never show, and the button would report "Generatie gestart" for nothing (issue 24).
 */
export const PUBLISHED_PATH_NOTE =
  "Dit leerpad is gepubliceerd. Alleen de beheerders van dit onderwerp kunnen een nieuw leerpad genereren.";

/** The course shown when it is the user's own draft and nothing is published (only they see it). */
function ownUnpublishedCourseId(outline: Outline | undefined, userId: string | undefined): string | null {
  const course = outline?.course;
  return course && !course.published_at && course.created_by === userId ? course.id : null;
}

/** docs/product.md §2: the micro-learning overview of a topic. */
export function MicrolearningOverviewScreen({ topicId }: { topicId: string }) {
  const {
    topic,
    topicError,
    outline: shownOutline,
    awaitingCourse,
    awaitCourse,
    stopAwaiting,
  } = useMicrolearningOverview(topicId);
  const canManage = useCanManageContent(topic?.entityId ?? null);
  const backgroundReady = useBackgroundReady();
  const courseDraft = useCourseDraft({
    topicId,
    structure: topic?.structure ?? null,
    entityId: topic?.entityId ?? null,
    // Only a notice and dialogs depend on the manager's own draft: it is read once the page is shown.
    enabled: canManage && Boolean(shownOutline?.course?.published_at) && backgroundReady,
    awaiting: awaitingCourse,
    onDelivered: stopAwaiting,
  });
  // A manager previewing their new version sees its chapters; everything else stays as published.
  const outline = courseDraft.previewOutline ?? shownOutline;
  const canPublish = useCanPublishPath(topic?.entityId ?? null);
  const { user } = useAuth();
  const firstVersionId = canPublish ? ownUnpublishedCourseId(shownOutline, user?.id) : null;
  const generation = useCourseGeneration(topic, awaitCourse, {
    canManage,
    ownProgressAtRisk: ownDraftHasProgress(shownOutline),
  });
  const [selectedChapterId, setSelectedChapterId] = useState<string | null>(null);

  if (topicError) {
    return (
      <div role="alert" className="mx-auto max-w-4xl p-6">
        <h1 className="text-lg font-semibold">Fout bij ophalen leermap</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{topicError.message}</p>
      </div>
    );
  }
  if (!topic || !outline) {
    return (
      <p role="status" className="p-6 text-sm text-neutral-500 dark:text-neutral-400">
        Laden…
      </p>
    );
  }
  const selected = selectedChapterId ?? outline.selectedChapterId;
  const mayGenerate = canManage || !shownOutline?.course?.published_at;
  const practiceActivityIds = outline.chapters.flatMap((chapter) =>
    chapter.phases.flatMap((phase) =>
      phase.kind === "practice" && phase.activityId ? [phase.activityId] : [],
    ),
  );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap justify-end gap-2">
        <ResumeButton topicId={topicId} outline={outline} />
        <ExportCardsButton topicTitle={topic.title} chapters={outline.chapters} />
        {mayGenerate ? (
          <Button onClick={generation.generate} disabled={generation.busy || awaitingCourse}>
            Genereer leerpad
          </Button>
        ) : (
          <p className="basis-full text-right text-sm text-neutral-600 dark:text-neutral-400">
            {PUBLISHED_PATH_NOTE}
          </p>
        )}
        {generation.run}
        {generation.confirmation}
      </div>
      {awaitingCourse && (
        <p role="status" className="text-right text-sm text-neutral-500 dark:text-neutral-400">
          Leerpad wordt gegenereerd…
        </p>
      )}
      {courseDraft.notice}
      {firstVersionId && <PublishFirstVersion topicId={topicId} courseId={firstVersionId} />}
      {courseDraft.dialogs}
      <SummaryCard topic={topic} outline={outline} />
      <CourseGeneratorNote courseId={outline.course?.id ?? null} entityId={topic.entityId} />
      {outline.chapters.map((chapter) => (
        <ChapterCard
          key={chapter.id}
          topicId={topicId}
          chapter={chapter}
          selected={chapter.id === selected}
          onSelect={setSelectedChapterId}
        />
      ))}
      <ChallengeCard practiceActivityIds={practiceActivityIds} />
    </div>
  );
}
