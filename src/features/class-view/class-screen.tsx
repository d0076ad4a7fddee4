import { Fragment, type ReactNode, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { activeRoles, hasAccess } from "@/domain/access";
import { useAuth } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import type { Topic } from "@/lib/topics/api";
import { type ClassChapter, type ClassCountsRow, DEFAULT_STUCK_DAYS, type ItemAnalysis } from "./api";
import { SourceCoverageSection } from "./coverage";
import { flagSentence, percent } from "./flags";
import { useClassProgress, useFlagThresholds, useItemAnalysis, useSubtopicLearners } from "./hooks";
import { RecentRegenerations, RegenerateButton } from "./regenerate";

const STUCK_PERIODS = [3, DEFAULT_STUCK_DAYS, 14, 30] as const;
const KIND_LABELS: Record<string, string> = { diagnostic: "Diagnostic", mastery: "Mastery check" };

/**
 * The class view of a topic (docs/teachers.md): how the organisation's learners are doing per chapter
 * and subtopic, and which questions look wrong. Postgres decides who sees it (creators, managers and
 * admins) and who sees names (managers and admins); the role check here only hides buttons.
 */
export function ClassScreen({ topic }: { topic: Topic }) {
  const [stuckDays, setStuckDays] = useState<number>(DEFAULT_STUCK_DAYS);
  const { user } = useAuth();
  const seesNames = hasAccess(activeRoles(user?.memberships ?? [], topic.entity_id), "manager");
  return (
    <div className="space-y-10">
      <section aria-labelledby="class-progress">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <Heading
            id="class-progress"
            description="Learners of this organisation on the published micro-learning path."
          >
            Class
          </Heading>
          <div className="w-48">
            <Field label="Stuck means no progress for">
              {(props) => (
                <Select
                  {...props}
                  value={stuckDays}
                  onChange={(event) => setStuckDays(Number(event.target.value))}
                >
                  {STUCK_PERIODS.map((days) => (
                    <option key={days} value={days}>
                      {days} days
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </div>
        <ClassProgress topicId={topic.id} stuckDays={stuckDays} seesNames={seesNames} />
      </section>
      <section aria-labelledby="flagged-questions">
        <Heading
          id="flagged-questions"
          description="Questions whose answers suggest they need a second look."
        >
          Questions to look at
        </Heading>
        <FlaggedItems topicId={topic.id} />
        <RecentRegenerations topicId={topic.id} />
      </section>
      <section aria-labelledby="source-coverage">
        <Heading id="source-coverage" description="Lines of each source that no question or card tests yet.">
          Coverage
        </Heading>
        <SourceCoverageSection topicId={topic.id} />
      </section>
    </div>
  );
}

function Heading({ id, description, children }: { id: string; description: string; children: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 id={id} className="text-lg font-semibold">
        {children}
      </h2>
      <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{description}</p>
    </div>
  );
}

function ClassProgress({
  topicId,
  stuckDays,
  seesNames,
}: {
  topicId: string;
  stuckDays: number;
  seesNames: boolean;
}) {
  const { data: chapters, error, isLoading } = useClassProgress(topicId, stuckDays);
  if (error) return <p role="alert">{errorMessage(error, "The class could not be loaded.")}</p>;
  if (isLoading || !chapters) return <Spinner label="Loading the class" />;
  if (chapters.length === 0) {
    return (
      <EmptyState
        title="No published path yet"
        description="Counts appear once the micro-learning path is published and learners start it."
      />
    );
  }
  return (
    <div className="space-y-6">
      {chapters.map((chapter) => (
        <ChapterCounts
          key={chapter.id}
          chapter={chapter}
          topicId={topicId}
          stuckDays={stuckDays}
          seesNames={seesNames}
        />
      ))}
    </div>
  );
}

const COLUMNS: ReadonlyArray<{
  key: keyof Pick<ClassCountsRow, "started" | "excused" | "passed" | "failed" | "stuck">;
  label: string;
}> = [
  { key: "started", label: "Started" },
  { key: "excused", label: "Excused by the diagnostic" },
  { key: "passed", label: "Passed mastery" },
  { key: "failed", label: "Failed mastery" },
  { key: "stuck", label: "Stuck" },
];

function ChapterCounts(props: {
  chapter: ClassChapter;
  topicId: string;
  stuckDays: number;
  seesNames: boolean;
}) {
  const { chapter } = props;
  const rows = [chapter.counts, ...chapter.subtopics];
  return (
    <Card className="overflow-x-auto p-4">
      <div className="float-right ml-2">
        <RegenerateButton
          topicId={props.topicId}
          target={{
            part: "chapter",
            chapterId: chapter.id,
            title: `Chapter ${chapter.position}: ${chapter.title}`,
          }}
        />
      </div>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold">
          Chapter {chapter.position}: {chapter.title}
        </caption>
        <thead className="text-neutral-500 dark:text-neutral-400">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Part
            </th>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="px-2 py-1 text-right font-medium">
                {column.label}
              </th>
            ))}
            {props.seesNames ? (
              <th scope="col" className="sr-only">
                Learners
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <CountsRow key={row.subtopic_id ?? "chapter"} row={row} {...props} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function CountsRow({
  row,
  topicId,
  stuckDays,
  seesNames,
}: {
  row: ClassCountsRow;
  topicId: string;
  stuckDays: number;
  seesNames: boolean;
}) {
  const [open, setOpen] = useState(false);
  const name = row.subtopic_id === null ? "Whole chapter" : (row.subtopic_title ?? row.subtopic_id);
  return (
    <Fragment>
      <tr className="border-t border-neutral-200 dark:border-neutral-800">
        <th
          scope="row"
          className={row.subtopic_id === null ? "py-1.5 pr-4 font-medium" : "py-1.5 pr-4 pl-4 font-normal"}
        >
          {name}
        </th>
        {COLUMNS.map((column) => (
          <td key={column.key} className="px-2 py-1.5 text-right tabular-nums">
            {row[column.key]}
          </td>
        ))}
        {seesNames ? (
          <td className="py-1.5 pl-2 text-right">
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={open}
              aria-label={`${open ? "Hide learners" : "Learners"} of ${name}`}
              onClick={() => setOpen(!open)}
              disabled={row.started === 0}
            >
              {open ? "Hide learners" : "Learners"}
            </Button>
          </td>
        ) : null}
      </tr>
      {open ? (
        <tr>
          <td colSpan={COLUMNS.length + 2} className="pb-3 pl-4">
            <LearnerList
              topicId={topicId}
              chapterId={row.chapter_id}
              subtopicId={row.subtopic_id}
              stuckDays={stuckDays}
            />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

function LearnerList(params: {
  topicId: string;
  chapterId: string;
  subtopicId: string | null;
  stuckDays: number;
}) {
  const { data: learners, error } = useSubtopicLearners(true, params);
  if (error) return <p role="alert">{errorMessage(error, "The learners could not be loaded.")}</p>;
  if (!learners) return <Spinner label="Loading the learners" />;
  return (
    <ul className="space-y-1">
      {learners.map((learner) => (
        <li key={learner.user_id} className="flex flex-wrap items-center gap-2">
          <span>{learner.display_name || learner.email || "A learner"}</span>
          {learner.stuck ? <Badge tone="danger">Stuck</Badge> : null}
          {learner.failed ? <Badge tone="warning">Failed mastery</Badge> : null}
          {learner.passed ? <Badge tone="success">Passed mastery</Badge> : null}
          {learner.excused ? <Badge tone="info">Excused by the diagnostic</Badge> : null}
          {learner.last_progress_at ? (
            <span className="text-xs text-neutral-500 dark:text-neutral-400">
              last progress {new Date(learner.last_progress_at).toLocaleDateString("en-GB")}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function FlaggedItems({ topicId }: { topicId: string }) {
  const { data: items, error } = useItemAnalysis(topicId);
  const { data: thresholds } = useFlagThresholds();
  if (error) return <p role="alert">{errorMessage(error, "The questions could not be analysed.")}</p>;
  if (!items || !thresholds) return <Spinner label="Analysing the questions" />;
  const flagged = items.filter((item) => item.flags.length > 0);
  const answered = items.filter((item) => item.attempts > 0).length;
  if (flagged.length === 0) {
    return (
      <EmptyState
        title="No question is flagged"
        description={`${answered} of ${items.length} questions have answers so far.`}
      />
    );
  }
  return (
    <Card className="overflow-x-auto p-4">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Flagged questions</caption>
        <thead className="text-neutral-500 dark:text-neutral-400">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Question
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Answers
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Right
            </th>
            <th scope="col" className="py-1 pl-4 font-medium">
              Why it is flagged
            </th>
            <th scope="col" className="sr-only">
              Fix
            </th>
          </tr>
        </thead>
        <tbody>
          {flagged.map((item) => (
            <FlaggedRow
              key={`${item.activity_id}:${item.question_id}`}
              item={item}
              thresholds={thresholds}
              topicId={topicId}
            />
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-neutral-500 dark:text-neutral-400">
        {flagged.length} of {items.length} questions flagged. Answers count each learner's latest check and
        every topic quiz.
      </p>
    </Card>
  );
}

function FlaggedRow({
  item,
  thresholds,
  topicId,
}: {
  item: ItemAnalysis;
  thresholds: Parameters<typeof flagSentence>[2];
  topicId: string;
}) {
  return (
    <tr
      className="border-t border-neutral-200 align-top dark:border-neutral-800"
      data-testid="flagged-question"
    >
      <th scope="row" className="py-2 pr-4 font-normal">
        <p className="font-medium">{item.stem ?? item.question_id}</p>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          Chapter {item.chapter_position} · {KIND_LABELS[item.kind] ?? item.kind}
        </p>
      </th>
      <td className="px-2 py-2 text-right tabular-nums">{item.attempts}</td>
      <td className="px-2 py-2 text-right tabular-nums">{percent(item.share_correct)}</td>
      <td className="py-2 pl-4">
        <ul className="list-disc space-y-1 pl-4">
          {item.flags.map((flag) => (
            <li key={flag}>{flagSentence(flag, item, thresholds)}</li>
          ))}
        </ul>
      </td>
      <td className="py-2 pl-4 text-right">
        <RegenerateButton
          topicId={topicId}
          target={{
            part: "item",
            chapterId: item.chapter_id,
            activityId: item.activity_id,
            questionId: item.question_id,
            stem: item.stem ?? item.question_id,
          }}
        />
      </td>
    </tr>
  );
}
