import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import type { Question } from "@/domain/activity-payload";
import { ActivityCard, CARD_LINK_CLASS } from "./activity-card";
import { QUIZ_KINDS, type TopicActivity } from "./api";
import { CourseContent } from "./course-content";
import { SectionTitle } from "./topic-page";

const KIND_LABEL = { diagnostic: "Diagnostic", mastery: "Mastery" } as const;

/** The topic's quizzes: each chapter's diagnostic and mastery checks. */
export function QuizList({ topicId }: { topicId: string }) {
  return (
    <section>
      <SectionTitle description="Self-checks from the micro-learning path. Answers here are for practice and are not recorded.">
        Quizzes
      </SectionTitle>
      <CourseContent topicId={topicId} kinds={QUIZ_KINDS} noun="quizzes">
        {(quizzes) => (
          <ul className="grid gap-3 sm:grid-cols-2">
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

/** One quiz, answered in the browser with immediate feedback and the explanation. */
export function QuizScreen({ topicId, quizId }: { topicId: string; quizId: string }) {
  return (
    <CourseContent topicId={topicId} kinds={QUIZ_KINDS} noun="quizzes">
      {(quizzes) => {
        const quiz = quizzes.find((candidate) => candidate.id === quizId);
        if (!quiz)
          return (
            <EmptyState title="Quiz not found" description="This quiz is not part of the topic's course." />
          );
        return <QuizRunner quiz={quiz} />;
      }}
    </CourseContent>
  );
}

function QuizRunner({ quiz }: { quiz: TopicActivity<(typeof QUIZ_KINDS)[number]> }) {
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [checked, setChecked] = useState(false);
  const questions = quiz.payload?.questions ?? [];
  const score = questions.filter((question) => answers[question.id] === question.correct_option).length;
  return (
    <section>
      <SectionTitle description={`Chapter ${quiz.chapterPosition}: ${quiz.chapterTitle}`}>
        {quiz.title}
      </SectionTitle>
      {questions.length === 0 ? (
        <EmptyState title="No questions" description="This quiz has no readable questions." />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setChecked(true);
          }}
          className="max-w-3xl space-y-4"
        >
          <ol className="space-y-4">
            {questions.map((question, index) => (
              <QuestionCard
                key={question.id}
                number={index + 1}
                question={question}
                answer={answers[question.id]}
                checked={checked}
                onAnswer={(option) => setAnswers({ ...answers, [question.id]: option })}
              />
            ))}
          </ol>
          <div className="flex items-center gap-4">
            {checked ? (
              <>
                <p role="status" className="font-medium">
                  {score} of {questions.length} correct
                </p>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setAnswers({});
                    setChecked(false);
                  }}
                >
                  Try again
                </Button>
              </>
            ) : (
              <Button type="submit" disabled={Object.keys(answers).length === 0}>
                Check answers
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

function QuestionCard({
  number,
  question,
  answer,
  checked,
  onAnswer,
}: {
  number: number;
  question: Question;
  answer: number | undefined;
  checked: boolean;
  onAnswer(option: number): void;
}) {
  const correct = answer === question.correct_option;
  return (
    <li>
      <Card className="p-4">
        <fieldset>
          <legend className="font-medium">
            {number}. {question.stem}
          </legend>
          <div className="mt-3 space-y-2">
            {question.options.map((option, index) => (
              <label
                key={option}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm",
                  "border-neutral-200 dark:border-neutral-800",
                  checked &&
                    index === question.correct_option &&
                    "border-emerald-500 bg-emerald-50 dark:bg-emerald-950",
                  checked && index === answer && !correct && "border-red-500 bg-red-50 dark:bg-red-950",
                )}
              >
                <input
                  type="radio"
                  name={question.id}
                  checked={answer === index}
                  onChange={() => onAnswer(index)}
                  disabled={checked}
                />
                {option}
              </label>
            ))}
          </div>
          {checked ? (
            <p
              className={cn(
                "mt-3 text-sm",
                correct ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
              )}
            >
              {correct ? "Correct." : answer === undefined ? "Not answered." : "Not quite."}{" "}
              {question.explanation ? (
                <span className="text-neutral-600 dark:text-neutral-400">{question.explanation}</span>
              ) : null}
            </p>
          ) : null}
        </fieldset>
      </Card>
    </li>
  );
}
