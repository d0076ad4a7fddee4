import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { structureSchema } from "@/domain/structure";
import { topicStatusKey } from "@/domain/topic-status";
import type { Topic } from "@/lib/topics/api";
import { activityRefs, EPISODE_KINDS, QUIZ_KINDS, SLIDE_KINDS } from "./api";
import { useCanManageTopic, useTopicOutline } from "./hooks";

function count(n: number, one: string, many: string) {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** The topic hub: one card per screen of the topic, each saying what is there. */
export function HubLinks({ topic }: { topic: Topic }) {
  const { data: outline } = useTopicOutline(topic.id);
  const canManage = useCanManageTopic(topic.id);
  const structure = structureSchema.safeParse(topic.structure);
  const sections = structure.success ? structure.data.sections.length : 0;
  const status = topicStatusKey(topic.processing_status);
  const course = outline?.course ? outline : null;
  const quizzes = course ? activityRefs(course, QUIZ_KINDS).length : 0;
  const episodes = course ? activityRefs(course, EPISODE_KINDS).length : 0;
  const slideActivities = course ? activityRefs(course, SLIDE_KINDS).length : 0;
  const noCourse = "Appears once the micro-learning path is generated.";
  const params = { topicId: topic.id };

  return (
    <div className="space-y-6">
      {topic.description ? (
        <p className="max-w-3xl text-neutral-700 dark:text-neutral-300">{topic.description}</p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <HubCard
          description={
            status === "review"
              ? "A generated structure is waiting for review."
              : structure.success
                ? count(sections, "section", "sections")
                : "Generate the learning structure from your sources."
          }
          link={
            <Link
              to="/studymap/topics/$topicId/structure-review"
              params={params}
              className="after:absolute after:inset-0"
            >
              Structure review
            </Link>
          }
        />
        <HubCard
          description={
            structure.success ? "The structure as a readable summary." : "Available once a structure exists."
          }
          link={
            <Link
              to="/studymap/topics/$topicId/summary"
              params={params}
              className="after:absolute after:inset-0"
            >
              Summary
            </Link>
          }
        />
        <HubCard
          description={
            course?.course
              ? count(course.chapters.length, "chapter", "chapters")
              : "Short chapters in six phases, generated from the structure."
          }
          link={
            <Link
              to="/studymap/topics/$topicId/microlearning"
              params={params}
              className="after:absolute after:inset-0"
            >
              Micro-learning
            </Link>
          }
        />
        <HubCard
          description={course ? count(quizzes, "quiz", "quizzes") : noCourse}
          link={
            <Link
              to="/studymap/topics/$topicId/quizzes"
              params={params}
              className="after:absolute after:inset-0"
            >
              Quizzes
            </Link>
          }
        />
        <HubCard
          description={course ? count(slideActivities, "deck", "decks") : noCourse}
          link={
            <Link
              to="/studymap/topics/$topicId/overview/slide-deck"
              params={params}
              className="after:absolute after:inset-0"
            >
              Slide deck
            </Link>
          }
        />
        <HubCard
          description={course ? count(episodes, "episode", "episodes") : noCourse}
          link={
            <Link
              to="/studymap/topics/$topicId/podcast"
              params={params}
              className="after:absolute after:inset-0"
            >
              Podcast
            </Link>
          }
        />
        <HubCard
          description="Ask a question and get an answer cited from this topic's sources."
          link={
            <Link to="/studymap/topics/$topicId/ask" params={params} className="after:absolute after:inset-0">
              Ask your sources
            </Link>
          }
        />
        {canManage ? (
          <HubCard
            description="Who is stuck where, and which questions need a second look."
            link={
              <Link
                to="/studymap/topics/$topicId/class"
                params={params}
                className="after:absolute after:inset-0"
              >
                Class
              </Link>
            }
          />
        ) : null}
      </ul>
    </div>
  );
}

function HubCard({ description, link }: { description: string; link: ReactNode }) {
  return (
    <li>
      <Card className="relative h-full p-5 transition-shadow focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md">
        <h2 className="font-semibold">{link}</h2>
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{description}</p>
      </Card>
    </li>
  );
}
