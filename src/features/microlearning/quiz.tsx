import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { Difficulty, Question } from "@/domain/activity-payload.ts";
import { type Answers, isCorrect, type QuizResult } from "@/domain/microlearning.ts";

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  easy: "Makkelijk",
  medium: "Gemiddeld",
  hard: "Moeilijk",
};

function outcomeText(kind: "diagnostic" | "mastery", result: QuizResult): string {
  if (kind === "mastery") {
    return result.passed
      ? "Geslaagd!"
      : "Nog niet geslaagd — Studie en Oefenen staan weer open voor je hiaten.";
  }
  if (result.gaps.length > 0)
    return `Studie en Oefenen richten zich nu op ${result.gaps.length === 1 ? "1 hiaat" : `${result.gaps.length} hiaten`}.`;
  return result.unprobedLeft
    ? "Geen hiaten gevonden: Studie en Oefenen tonen nog wat de diagnostiek niet heeft gevraagd."
    : "Geen hiaten gevonden: je kunt Studie en Oefenen overslaan.";
}

type Mark = "correct" | "wrong";

/** After checking: the right option is marked, and so is the learner's own choice when it was wrong. */
export function optionMark(option: number, correct: number, chosen: number | undefined): Mark | null {
  if (option === correct) return "correct";
  return option === chosen ? "wrong" : null;
}

/** The mark in words as well as colour, so it reads without seeing red and green (WCAG 1.4.1). */
function OptionMark({ mark, chosen }: { mark: Mark; chosen: boolean }) {
  const text =
    mark === "wrong" ? "Jouw antwoord — fout" : chosen ? "Jouw antwoord — goed" : "Het juiste antwoord";
  return (
    <span
      className={cn(
        "text-xs font-semibold",
        mark === "wrong" ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400",
      )}
    >
      <span aria-hidden="true">{mark === "wrong" ? "✗ " : "✓ "}</span>
      {text}
    </span>
  );
}

interface QuestionItemProps {
  index: number;
  question: Question;
  showDifficulty: boolean;
  chosen: number | undefined;
  checked: boolean;
  onChoose(option: number): void;
}

function QuestionItem({ index, question, showDifficulty, chosen, checked, onChoose }: QuestionItemProps) {
  const correct = isCorrect(question, chosen);
  return (
    <li className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
      <fieldset className="flex flex-col gap-2" disabled={checked}>
        <legend className="font-medium">
          {index + 1}. {question.stem}
        </legend>
        {showDifficulty && (
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            Moeilijkheid: {DIFFICULTY_LABELS[question.difficulty]}
          </p>
        )}
        {question.options.map((option, optionIndex) => {
          const mark = checked ? optionMark(optionIndex, question.correct_option, chosen) : null;
          return (
            <label
              key={option}
              className={cn(
                // A whole row to tap, at least 44 px high on a phone.
                "flex items-start gap-3 rounded-md border border-transparent px-2 py-2 max-sm:min-h-11",
                mark === "correct" && "border-emerald-600 bg-emerald-50 dark:bg-emerald-950",
                mark === "wrong" && "border-red-600 bg-red-50 dark:bg-red-950",
              )}
            >
              <input
                type="radio"
                name={question.id}
                checked={chosen === optionIndex}
                onChange={() => onChoose(optionIndex)}
                className="mt-1 size-4 shrink-0"
              />
              <span className="flex min-w-0 flex-col">
                <span>{option}</span>
                {mark && <OptionMark mark={mark} chosen={chosen === optionIndex} />}
              </span>
            </label>
          );
        })}
      </fieldset>
      {checked && (
        <div className="mt-3 flex flex-col gap-1 text-sm">
          <p
            className={correct ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}
          >
            {correct ? "Goed" : `Fout — het juiste antwoord is: ${question.options[question.correct_option]}`}
          </p>
          {question.explanation && (
            <p>
              <span className="font-semibold">Uitleg</span> {question.explanation}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

interface QuizProps {
  kind: "diagnostic" | "mastery";
  questions: readonly Question[];
  saved: QuizResult | null;
  onSubmit(answers: Answers): Promise<QuizResult | null>;
  /**
   * Shown only once the answers are checked: the sources quote the very sentences the questions were
   * made from, so showing them earlier would give the answers away.
   */
  afterCheck?: ReactNode;
}

/** Numbered questions to answer; checking scores them, shows each explanation and stores the result. */
export function Quiz({ kind, questions, saved, onSubmit, afterCheck }: QuizProps) {
  const [answers, setAnswers] = useState<Record<string, number>>(() => ({ ...(saved?.answers ?? {}) }));
  const [result, setResult] = useState<QuizResult | null>(saved);
  const [submitting, setSubmitting] = useState(false);
  const allAnswered = questions.every((question) => answers[question.id] !== undefined);

  async function check() {
    setSubmitting(true);
    try {
      setResult(await onSubmit(answers));
    } finally {
      setSubmitting(false);
    }
  }

  // A check without questions proves nothing (older courses hold some): nothing to answer or pass.
  if (questions.length === 0)
    return <p className="text-neutral-600 dark:text-neutral-400">Deze controle heeft geen vragen.</p>;

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3">
        {questions.map((question, index) => (
          <QuestionItem
            key={question.id}
            index={index}
            question={question}
            showDifficulty={kind === "mastery"}
            chosen={answers[question.id]}
            checked={result !== null}
            onChoose={(option) => setAnswers({ ...answers, [question.id]: option })}
          />
        ))}
      </ol>
      {result ? (
        <div role="status" className="flex flex-wrap items-center gap-3">
          <p className="font-medium">
            Score: {result.correct} van {result.total}
          </p>
          <p className="text-sm">{outcomeText(kind, result)}</p>
          <Button
            variant="secondary"
            size="sm"
            className="max-sm:min-h-11"
            onClick={() => {
              setResult(null);
              setAnswers({});
            }}
          >
            Opnieuw
          </Button>
        </div>
      ) : (
        <Button className="self-start max-sm:min-h-11" onClick={check} disabled={!allAnswered || submitting}>
          Controleer antwoorden
        </Button>
      )}
      {result && afterCheck}
    </div>
  );
}
