import type { ReactNode } from "react";
import { RecapPlayer } from "@/components/episode-player";
import {
  type Activity,
  episodeTurns,
  type OverviewPayload,
  type PracticeCard,
  type RecapPayload,
  type StudyBlock,
} from "@/domain/activity-payload.ts";
import {
  type Answers,
  type GapFocus,
  itemsForFocus,
  practiceStatus,
  type QuizResult,
  unprobedItems,
} from "@/domain/microlearning.ts";
import { PracticeCardItem } from "./practice-card.tsx";
import { Quiz } from "./quiz.tsx";
import { useCardStates } from "./use-card-states.ts";

function Note({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg bg-sky-50 px-4 py-2 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-200">
      {children}
    </p>
  );
}

/** What the learner is told about the gap focus of study and practice. */
function FocusNote({
  focus,
  label,
  items,
}: {
  focus: GapFocus;
  label: string;
  items: readonly { subtopic_id: string | null }[];
}) {
  if (!focus.assessed) return <Note>Maak eerst de diagnostiek om te zien wat je kunt overslaan.</Note>;
  if (focus.unmapped) return <Note>{label}: alles, want je fouten horen niet bij één subonderwerp</Note>;
  const unprobed = unprobedItems(items, focus).length > 0;
  if (focus.gaps.size === 0 && !unprobed)
    return <Note>Geen hiaten gevonden — je beheerst dit onderdeel al.</Note>;
  if (focus.gaps.size === 0) return <Note>{label}: wat de diagnostiek niet heeft gevraagd</Note>;
  if (unprobed) return <Note>{label}: jouw hiaten en wat de diagnostiek niet heeft gevraagd</Note>;
  return <Note>{label}: alleen voor jouw hiaten</Note>;
}

function OverviewContent({ payload }: { payload: OverviewPayload }) {
  return (
    <div className="flex flex-col gap-6">
      <section>
        <h2 className="mb-2 text-lg font-semibold">Leerdoelen</h2>
        <ul className="list-disc pl-5">
          {payload.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
      </section>
      <section className="grid gap-3 sm:grid-cols-2">
        {payload.slides.map((slide) => (
          <article
            key={slide.title}
            className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
          >
            <h3 className="font-semibold">{slide.title}</h3>
            <ul className="mt-2 list-disc pl-5 text-sm">
              {slide.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          </article>
        ))}
      </section>
    </div>
  );
}

function StudyBlockView({ block }: { block: StudyBlock }) {
  switch (block.type) {
    case "heading":
      return <h2 className="text-lg font-semibold">{block.content}</h2>;
    case "example":
      return (
        <div className="rounded-lg border-l-4 border-amber-400 bg-amber-50 p-3 dark:bg-amber-950">
          <p className="text-xs font-semibold uppercase">Voorbeeld</p>
          <p>{block.content}</p>
        </div>
      );
    case "qa":
      return (
        <div className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
          <p>
            <span className="font-semibold">Vraag</span> {block.question?.stem}
          </p>
          <p>
            <span className="font-semibold">Antwoord</span> {block.question?.answer}
          </p>
        </div>
      );
    default:
      return <p>{block.content}</p>;
  }
}

function StudyContent({ blocks, focus }: { blocks: readonly StudyBlock[]; focus: GapFocus }) {
  const shown = itemsForFocus(
    blocks.map((block, order) => ({ ...block, order })),
    focus,
  );
  return (
    <div className="flex flex-col gap-4">
      <FocusNote focus={focus} label="Studie" items={blocks} />
      {shown.map((block) => (
        <StudyBlockView key={block.order} block={block} />
      ))}
    </div>
  );
}

interface PracticeContentProps {
  activityId: string;
  cards: readonly PracticeCard[];
  focus: GapFocus;
  onAllReviewed(): void;
}

function PracticeContent({ activityId, cards, focus, onAllReviewed }: PracticeContentProps) {
  const { statesOf, review } = useCardStates([activityId]);
  if (cards.length === 0)
    return <p className="text-sm text-neutral-500 dark:text-neutral-400">Nog geen oefenkaarten.</p>;
  const shown = itemsForFocus(cards, focus);
  const states = statesOf(activityId);

  async function reviewCard(card: PracticeCard, grade: Parameters<typeof review>[2]) {
    const after = await review(activityId, card.id, grade);
    if (practiceStatus(shown, after) === "completed") onAllReviewed();
  }

  return (
    <div className="flex flex-col gap-4">
      <FocusNote focus={focus} label="Oefenen" items={cards} />
      <ul className="flex flex-col gap-2">
        {shown.map((card) => (
          <PracticeCardItem
            key={card.id}
            card={card}
            state={states.get(card.id) ?? null}
            onReview={(grade) => reviewCard(card, grade)}
          />
        ))}
      </ul>
    </div>
  );
}

function RecapContent({ activityId, payload }: { activityId: string; payload: RecapPayload }) {
  return (
    <div className="flex flex-col gap-4">
      {/* The player lists the transcript turn by turn, following along; printing it again doubled it. */}
      <RecapPlayer activityId={activityId} payload={payload} title="Recap" />
      {episodeTurns(payload).length === 0 && (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Geen transcript.</p>
      )}
      <ul className="list-disc pl-5">
        {payload.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
    </div>
  );
}

export interface PhaseContentProps {
  activityId: string;
  content: Activity;
  focus: GapFocus;
  savedResult: QuizResult | null;
  onSubmitQuiz(answers: Answers): Promise<QuizResult | null>;
  onComplete(): void;
  /** A check's sources, revealed with its answers. */
  quizSources?: ReactNode;
}

/** docs/product.md §2: the content of a phase, by its activity's kind. */
export function PhaseContent({
  activityId,
  content,
  focus,
  savedResult,
  onSubmitQuiz,
  onComplete,
  quizSources,
}: PhaseContentProps) {
  switch (content.kind) {
    case "overview":
      return <OverviewContent payload={content.payload} />;
    case "diagnostic":
    case "mastery":
      return (
        <Quiz
          kind={content.kind}
          questions={content.payload.questions}
          saved={savedResult}
          onSubmit={onSubmitQuiz}
          afterCheck={quizSources}
        />
      );
    case "study":
      return <StudyContent blocks={content.payload.blocks} focus={focus} />;
    case "practice":
      return (
        <PracticeContent
          activityId={activityId}
          cards={content.payload.cards}
          focus={focus}
          onAllReviewed={onComplete}
        />
      );
    case "recap":
      return <RecapContent activityId={activityId} payload={content.payload} />;
    default:
      return <UnknownContent />;
  }
}

export function UnknownContent() {
  return <p className="text-sm text-neutral-500 dark:text-neutral-400">Onbekend type.</p>;
}
