import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { SourceCitationChip } from "@/components/citation-chip";
import { NotFound } from "@/components/not-found";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { type AskAnswer, QUESTION_MAX_LENGTH } from "@/domain/ask.ts";
import { citationKey } from "@/domain/citation.ts";
import { useTopic } from "@/lib/topics/hooks";
import type { AskExchange } from "./api.ts";
import { isWaiting, useConversation } from "./use-conversation.ts";

/** /studymap/topics/$topicId/ask: "Ask your sources", the learner's private chat with the topic's sources. */
export function AskScreen({ topicId }: { topicId: string }) {
  const topic = useTopic(topicId);
  const conversation = useConversation(topicId);
  if (topic.isLoading) return <PageSpinner />;
  if (!topic.data) return <NotFound title="Topic not found" />;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Ask your sources"
        description={
          <>
            Answers come only from the sources of <span className="font-medium">{topic.data.title}</span>,
            with the exact lines they are drawn from. Only you see this conversation.
          </>
        }
        actions={
          <Link to="/studymap/topics/$topicId/overview" params={{ topicId }} className="text-sm underline">
            Back to the topic
          </Link>
        }
      />
      {conversation.error && !conversation.data ? (
        <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
          Failed to load your questions. Reload the page to try again.
        </p>
      ) : conversation.isLoading ? (
        <PageSpinner />
      ) : (
        <Exchanges exchanges={conversation.data ?? []} />
      )}
      <QuestionForm onAsk={conversation.ask} asking={conversation.asking} error={conversation.askError} />
    </div>
  );
}

function Exchanges({ exchanges }: { exchanges: AskExchange[] }) {
  const latest = useRef<HTMLLIElement>(null);
  const latestKey = `${exchanges.length}:${exchanges.at(-1)?.answer ? "answered" : "waiting"}`;
  useEffect(() => {
    // The newest question and its answer stay in view as they arrive, as in any chat.
    if (latestKey) latest.current?.scrollIntoView?.({ block: "nearest" });
  }, [latestKey]);
  if (exchanges.length === 0) {
    return (
      <p className="mb-6 rounded-lg border border-dashed border-neutral-300 p-4 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-300">
        Ask anything about this topic. Each answer cites the lines of your sources it comes from; open a
        citation to read them.
      </p>
    );
  }
  return (
    <ol aria-label="Questions and answers" className="mb-6 space-y-6">
      {exchanges.map((exchange, index) => (
        <li key={exchange.id} ref={index === exchanges.length - 1 ? latest : undefined} className="space-y-3">
          <p className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-2xl bg-emerald-800 px-4 py-2 text-sm text-white">
            <span className="sr-only">You asked: </span>
            {exchange.question}
          </p>
          <Reply exchange={exchange} />
        </li>
      ))}
    </ol>
  );
}

function Reply({ exchange }: { exchange: AskExchange }) {
  if (exchange.answer) return <Answer answer={exchange.answer} />;
  if (isWaiting(exchange)) return <Spinner label="Searching your sources…" showLabel />;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      This question could not be answered. Ask it again.
    </p>
  );
}

/** Each sentence with the chips of the lines it comes from. */
function Answer({ answer }: { answer: AskAnswer }) {
  return (
    <div className="max-w-[85%] rounded-2xl border border-neutral-200 bg-white px-4 py-3 text-sm dark:border-neutral-800 dark:bg-neutral-900">
      {answer.mode === "passages" ? (
        <p className="mb-2 text-xs text-neutral-500 dark:text-neutral-400">
          The passages of your sources that match best:
        </p>
      ) : null}
      <div className={answer.mode === "passages" ? "space-y-3" : "space-y-1"}>
        {answer.sentences.map((sentence) => (
          // An answer's sentences never repeat (the task writes each once) and never reorder.
          <p key={sentence.text} data-testid="answer-sentence">
            {answer.mode === "passages" ? <q>{sentence.text}</q> : sentence.text}{" "}
            {sentence.citations.map((citation) => (
              <span key={citationKey(citation)} className="mr-1 inline-block align-middle">
                <SourceCitationChip citation={citation} />
              </span>
            ))}
          </p>
        ))}
      </div>
      {answer.mode === "model" ? (
        <p className="mt-2 text-xs text-neutral-500 dark:text-neutral-400">
          Written by {answer.generator} from your sources; every sentence was checked against its lines.
        </p>
      ) : null}
    </div>
  );
}

function QuestionForm({
  onAsk,
  asking,
  error,
}: {
  onAsk: (question: string) => Promise<boolean>;
  asking: boolean;
  error: string | null;
}) {
  const [question, setQuestion] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = question.trim();
    if (!trimmed || asking) return;
    if (await onAsk(trimmed)) setQuestion("");
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <TextAreaField
        label="Your question"
        value={question}
        onChange={setQuestion}
        maxLength={QUESTION_MAX_LENGTH}
        error={error}
        placeholder="For example: what is a delta made of?"
        onKeyDown={(event) => {
          // Enter asks, Shift+Enter starts a new line, as in other chats.
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={asking || question.trim() === ""}>
          {asking ? "Asking…" : "Ask"}
        </Button>
      </div>
    </form>
  );
}
