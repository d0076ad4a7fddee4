import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { drawQuiz, type QuizAnswer, type QuizItem } from "@/domain/quiz";
import { useSupabase } from "@/lib/auth/auth-context";
import { ActivityCard, CARD_LINK_CLASS } from "./activity-card";
import { QUIZ_KINDS, saveQuizAttempt, type TopicActivity } from "./api";
import { CourseContent } from "./course-content";
import { useLastQuizAttempt } from "./hooks";
import { QuizRunner } from "./quiz-runner";
import { SectionTitle } from "./topic-page";

type QuizActivity = TopicActivity<(typeof QUIZ_KINDS)[number]>;

function itemsOf(quiz: QuizActivity): QuizItem[] {
  return (quiz.payload?.questions ?? []).map((question) => ({
    activityId: quiz.id,
    chapterTitle: quiz.chapterTitle,
    question,
  }));
}

const KIND_LABEL = { diagnostic: "Diagnostic", mastery: "Mastery" } as const;

/**
 * The topic's quizzes: the topic quiz over every chapter with the learner's last score, then each
 * chapter's diagnostic and mastery checks.
 */
export function QuizList({ topicId }: { topicId: string }) {
  return (
    <section>
      <SectionTitle description="Self-checks from the micro-learning path. The topic quiz keeps your score; the chapter checks are for practice.">
        Quizzes
      </SectionTitle>
      <CourseContent topicId={topicId} kinds={QUIZ_KINDS} noun="quizzes">
        {(quizzes) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            <li>
              <TopicQuizCard topicId={topicId} />
            </li>
            {quizzes.map((quiz) => (
              <li key={quiz.id}>
                <ActivityCard
                  link={
                    <Link
                      to="/studymap/topics/$topicId/quizzes/$quizId"
                      params={{ topicId, quizId: quiz.id }}
                      className={CARD_LINK_CLASS}
                    >
                      {quiz.title}
                    </Link>
                  }
                  meta={`Chapter ${quiz.chapterPosition}: ${quiz.chapterTitle} · ${
                    quiz.payload ? `${quiz.payload.questions.length} questions` : "unreadable"
                  }`}
                  aside={
                    <Badge tone={quiz.kind === "mastery" ? "success" : "info"}>{KIND_LABEL[quiz.kind]}</Badge>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </CourseContent>
    </section>
  );
}

function TopicQuizCard({ topicId }: { topicId: string }) {
  const { data: last } = useLastQuizAttempt(topicId);
  return (
    <ActivityCard
      link={
        <Link to="/studymap/topics/$topicId/quizzes/topic" params={{ topicId }} className={CARD_LINK_CLASS}>
          Topic quiz
        </Link>
      }
      meta={
        last
          ? `Questions from every chapter · Last score: ${last.score} of ${last.total}`
          : "Questions from every chapter · Not taken yet"
      }
      aside={<Badge tone="success">All chapters</Badge>}
    />
  );
}

/** One chapter's check, one question at a time, for practice (not recorded). */
export function QuizScreen({ topicId, quizId }: { topicId: string; quizId: string }) {
  return (
    <CourseContent topicId={topicId} kinds={QUIZ_KINDS} noun="quizzes">
      {(quizzes) => {
        const quiz = quizzes.find((candidate) => candidate.id === quizId);
        if (!quiz)
          return (
            <EmptyState title="Quiz not found" description="This quiz is not part of the topic's course." />
          );
        return (
          <section>
            <SectionTitle description={`Chapter ${quiz.chapterPosition}: ${quiz.chapterTitle}`}>
              {quiz.title}
            </SectionTitle>
            <QuizRunner items={itemsOf(quiz)} />
          </section>
        );
      }}
    </CourseContent>
  );
}

/** The topic quiz: questions drawn from every chapter's checks; each full attempt is recorded. */
export function TopicQuizScreen({ topicId }: { topicId: string }) {
  return (
    <section>
      <SectionTitle description="Questions from every chapter of the course, one at a time. Your score is kept.">
        Topic quiz
      </SectionTitle>
      <CourseContent topicId={topicId} kinds={QUIZ_KINDS} noun="quizzes">
        {(quizzes) => <TopicQuiz topicId={topicId} quizzes={quizzes} />}
      </CourseContent>
    </section>
  );
}

function TopicQuiz({ topicId, quizzes }: { topicId: string; quizzes: QuizActivity[] }) {
  const client = useSupabase();
  const { mutate } = useLastQuizAttempt(topicId);
  // A new seed per attempt: the same attempt keeps its questions across re-renders.
  const [seed, setSeed] = useState(() => crypto.randomUUID());
  const items = useMemo(() => {
    const byChapter = new Map<string, QuizItem[]>();
    for (const quiz of quizzes)
      byChapter.set(quiz.chapterId, [...(byChapter.get(quiz.chapterId) ?? []), ...itemsOf(quiz)]);
    return drawQuiz([...byChapter.values()], seed);
  }, [quizzes, seed]);

  async function record(answers: QuizAnswer[]) {
    try {
      await mutate(saveQuizAttempt(client, topicId, answers), { revalidate: false });
    } catch (error) {
      console.error("Failed to save the quiz attempt:", error);
      toast.error("Your score could not be saved. Your answers above still show what you missed.");
    }
  }

  return (
    <QuizRunner key={seed} items={items} onFinish={record} onRestart={() => setSeed(crypto.randomUUID())} />
  );
}
