import { useEffect, useId, useRef, useState } from "react";
import { CitationExcerpt } from "@/components/citation-excerpt";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { answerOf, missedItems, type QuizAnswer, type QuizItem, scoreOf } from "@/domain/quiz";
import { citationLabel, lineRangeText } from "@/lib/citation-display";

interface QuizRunnerProps {
  items: readonly QuizItem[];
  /** Called once when the whole quiz (not a retry of missed ones) is answered. */
  onFinish?(answers: QuizAnswer[]): void;
  /** Starts the quiz over; without it "Start again" asks the same questions again. */
  onRestart?(): void;
}

/**
 * A quiz one question at a time: choose, check, see whether it was right and why, go on. At the end
 * the score, the mistakes with the source lines their answer rests on, and a retry of the missed ones.
 */
export function QuizRunner({ items, onFinish, onRestart }: QuizRunnerProps) {
  const [round, setRound] = useState({ items, retry: false, key: 0 });
  if (items.length === 0) {
    return <EmptyState title="No questions" description="This quiz has no readable questions." />;
  }
  return (
    <Round
      key={round.key}
      items={round.items}
      onFinish={round.retry ? undefined : onFinish}
      onRetry={(missed) => setRound({ items: missed, retry: true, key: round.key + 1 })}
      onRestart={() => {
        if (onRestart) onRestart();
        else setRound({ items, retry: false, key: round.key + 1 });
      }}
    />
  );
}

/** Moves focus to an element when it appears, so keyboard and screen-reader users land on what changed. */
function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}

function Round({
  items,
  onFinish,
  onRetry,
  onRestart,
}: {
  items: readonly QuizItem[];
  onFinish?(answers: QuizAnswer[]): void;
  onRetry(missed: QuizItem[]): void;
  onRestart(): void;
}) {
  const [answers, setAnswers] = useState<QuizAnswer[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  // Feedback on the answer just given stays until the learner goes on.
  const [feedback, setFeedback] = useState(false);
  // The first question is where the page starts; later ones take focus from the feedback they replace.
  const questionRef = useFocusOnMount<HTMLFieldSetElement>(answers.length > 0 && !feedback);
  const index = answers.length;
  const last = answers.at(-1);

  if (feedback && last) {
    const finished = index === items.length;
    return (
      <div className="max-w-3xl space-y-4">
        <Feedback item={items[index - 1] as QuizItem} answer={last} number={index} total={items.length} />
        {finished ? (
          <Summary items={items} answers={answers} onRetry={onRetry} onRestart={onRestart} />
        ) : (
          <Button
            onClick={() => {
              setChosen(null);
              setFeedback(false);
            }}
          >
            Next question
          </Button>
        )}
      </div>
    );
  }

  const item = items[index];
  if (!item) return null;
  return (
    <form
      className="max-w-3xl space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === null) return;
        const next = [...answers, answerOf(item, chosen)];
        setAnswers(next);
        setFeedback(true);
        if (next.length === items.length) onFinish?.(next);
      }}
    >
      <Card className="p-4">
        <fieldset ref={questionRef} tabIndex={-1} className="outline-none">
          <legend>
            <span className="block text-sm text-neutral-500 dark:text-neutral-400">
              Question {index + 1} of {items.length} · {item.chapterTitle}
            </span>
            <span className="mt-1 block font-medium">{item.question.stem}</span>
          </legend>
          <div className="mt-3 space-y-2">
            {item.question.options.map((option, optionIndex) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-sm dark:border-neutral-800"
              >
                <input
                  type="radio"
                  name={item.question.id}
                  checked={chosen === optionIndex}
                  onChange={() => setChosen(optionIndex)}
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Button type="submit" disabled={chosen === null}>
        Check answer
      </Button>
    </form>
  );
}

function Feedback({
  item,
  answer,
  number,
  total,
}: {
  item: QuizItem;
  answer: QuizAnswer;
  number: number;
  total: number;
}) {
  const { question } = item;
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <Card ref={ref} tabIndex={-1} className="p-4 outline-none">
      <p className="text-sm text-neutral-500 dark:text-neutral-400">
        Question {number} of {total} · {item.chapterTitle}
      </p>
      <p className="mt-1 font-medium">{question.stem}</p>
      <p
        className={cn(
          "mt-3 font-medium",
          answer.correct ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
        )}
      >
        {answer.correct
          ? "Correct."
          : `Not quite. The answer is: ${question.options[question.correct_option]}`}
      </p>
      {question.explanation && (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{question.explanation}</p>
      )}
    </Card>
  );
}

function Summary({
  items,
  answers,
  onRetry,
  onRestart,
}: {
  items: readonly QuizItem[];
  answers: QuizAnswer[];
  onRetry(missed: QuizItem[]): void;
  onRestart(): void;
}) {
  const { score, total } = scoreOf(answers);
  const missed = missedItems(items, answers);
  const scoreId = useId();
  const mistakesId = useId();
  return (
    <section aria-labelledby={scoreId} className="space-y-4">
      <h3 id={scoreId} className="text-lg font-semibold">
        Score: {score} of {total}
      </h3>
      {missed.length > 0 && (
        <>
          <h4 id={mistakesId} className="font-semibold">
            Your mistakes
          </h4>
          <ol aria-labelledby={mistakesId} className="space-y-3">
            {missed.map((item) => (
              <Mistake
                key={`${item.activityId}:${item.question.id}`}
                item={item}
                answer={answers.find(
                  (answer) =>
                    answer.question_id === item.question.id && answer.activity_id === item.activityId,
                )}
              />
            ))}
          </ol>
        </>
      )}
      <div className="flex gap-2">
        {missed.length > 0 && <Button onClick={() => onRetry(missed)}>Retry the missed ones</Button>}
        <Button variant="secondary" onClick={onRestart}>
          Start again
        </Button>
      </div>
    </section>
  );
}

function Mistake({ item, answer }: { item: QuizItem; answer: QuizAnswer | undefined }) {
  const { question } = item;
  return (
    <li>
      <Card className="space-y-2 p-4 text-sm">
        <p className="font-medium">{question.stem}</p>
        {answer && <p>Your answer: {question.options[answer.chosen]}</p>}
        <p>Correct answer: {question.options[question.correct_option]}</p>
        {question.explanation && (
          <p className="text-neutral-600 dark:text-neutral-400">{question.explanation}</p>
        )}
        {question.citations.map((citation) => (
          <figure key={`${citation.chunk_id}:${citation.line_start}`} className="space-y-1">
            <figcaption className="text-xs text-neutral-500 dark:text-neutral-400">
              {citationLabel(citation)} · {lineRangeText(citation)}
            </figcaption>
            <CitationExcerpt citation={citation} />
          </figure>
        ))}
      </Card>
    </li>
  );
}
