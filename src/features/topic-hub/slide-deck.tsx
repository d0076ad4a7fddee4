import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { Slide } from "@/domain/activity-payload";
import { isOwnKey } from "@/lib/keyboard";
import { SLIDE_KINDS } from "./api";
import { CourseContent } from "./course-content";
import { useCitedSnippets } from "./hooks";
import { SectionTitle } from "./topic-page";

interface DeckSlide extends Slide {
  id: string;
  chapter: string;
  /** The overview activity the slide belongs to; its cited lines are the speaker notes. */
  activityId: string;
}

/** The slides of every chapter's overview, shown one at a time, presented full screen or printed. */
export function SlideDeck({ topicId }: { topicId: string }) {
  return (
    <section>
      <SectionTitle description="The overview slides of each chapter, in order.">Slide deck</SectionTitle>
      <CourseContent topicId={topicId} kinds={SLIDE_KINDS} noun="slides">
        {(overviews) => (
          <SlideViewer
            slides={overviews.flatMap((overview) =>
              (overview.payload?.slides ?? []).map((slide, index) => ({
                ...slide,
                id: `${overview.id}:${index}`,
                chapter: overview.chapterTitle,
                activityId: overview.id,
              })),
            )}
          />
        )}
      </CourseContent>
    </section>
  );
}

const PRESENTATION_ROLE = { role: "dialog", "aria-modal": true, "aria-label": "Presentation" } as const;
const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown", "PageDown", " "]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp", "PageUp"]);

/**
 * Present mode: the stage asks for full screen (Fullscreen API) and, where the browser refuses, covers
 * the window instead, so keys and notes work either way. Leaving full screen with the browser's own
 * Escape ends present mode too.
 */
function usePresentMode(stage: React.RefObject<HTMLDivElement | null>) {
  const [presenting, setPresenting] = useState(false);

  const stop = useCallback(() => {
    setPresenting(false);
    if (document.fullscreenElement) void document.exitFullscreen();
  }, []);

  useEffect(() => {
    if (!presenting) return;
    const element = stage.current;
    element?.focus();
    element?.requestFullscreen?.().catch((error: unknown) => {
      console.info("Full screen refused; presenting in the window:", error);
    });
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) setPresenting(false);
    };
    document.addEventListener("fullscreenchange", onFullscreenChange);
    return () => document.removeEventListener("fullscreenchange", onFullscreenChange);
  }, [presenting, stage]);

  return { presenting, start: () => setPresenting(true), stop };
}

function SlideViewer({ slides }: { slides: DeckSlide[] }) {
  const [index, setIndex] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const { presenting, start, stop } = usePresentMode(stage);
  const { data: notes } = useCitedSnippets([...new Set(slides.map((slide) => slide.activityId))]);
  const last = slides.length - 1;

  useEffect(() => {
    if (!presenting) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isOwnKey(event.target, event.key)) return;
      if (event.key === "Escape") stop();
      else if (NEXT_KEYS.has(event.key)) setIndex((current) => Math.min(current + 1, last));
      else if (PREVIOUS_KEYS.has(event.key)) setIndex((current) => Math.max(current - 1, 0));
      else if (event.key === "Home") setIndex(0);
      else if (event.key === "End") setIndex(last);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [presenting, stop, last]);

  const slide = slides[index];
  if (!slide) return <p className="text-neutral-500 dark:text-neutral-400">The overviews have no slides.</p>;
  const speakerNotes = notes?.get(slide.activityId) ?? [];
  const counter = `${index + 1} / ${slides.length}`;

  return (
    <div className="max-w-3xl">
      <div className="mb-4 flex gap-2">
        <Button size="sm" onClick={start}>
          Present
        </Button>
        <Button size="sm" variant="secondary" onClick={() => window.print()}>
          Print / PDF
        </Button>
      </div>
      <div
        ref={stage}
        tabIndex={-1}
        {...(presenting ? PRESENTATION_ROLE : {})}
        className={cn(
          "outline-none",
          presenting &&
            "fixed inset-0 z-50 flex flex-col gap-4 overflow-auto bg-neutral-50 p-6 dark:bg-neutral-950",
        )}
      >
        <SlideCard
          slide={slide}
          label={`Slide ${index + 1} of ${slides.length}`}
          className={presenting ? "flex-1 justify-center p-12 [&_h3]:text-4xl [&_ul]:text-2xl" : undefined}
        />
        <div className="flex items-center justify-between gap-4">
          <Button variant="secondary" size="sm" onClick={() => setIndex(index - 1)} disabled={index === 0}>
            Previous slide
          </Button>
          <span
            aria-live={presenting ? "polite" : undefined}
            className="text-sm text-neutral-500 dark:text-neutral-400 tabular-nums"
          >
            {counter}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setIndex(index + 1)} disabled={index === last}>
            Next slide
          </Button>
        </div>
        {presenting && (
          <>
            <aside
              aria-label="Speaker notes"
              className="rounded-lg border border-neutral-200 p-4 text-sm dark:border-neutral-800"
            >
              <h3 className="font-semibold">Speaker notes</h3>
              {speakerNotes.length === 0 ? (
                <p className="mt-2 text-neutral-500 dark:text-neutral-400">
                  No cited lines for this chapter.
                </p>
              ) : (
                <ul className="mt-2 space-y-2">
                  {speakerNotes.map((snippet) => (
                    <li key={snippet}>
                      <blockquote className="border-l-4 border-neutral-300 pl-3 italic">{snippet}</blockquote>
                    </li>
                  ))}
                </ul>
              )}
            </aside>
            <p className="text-xs text-neutral-500 dark:text-neutral-400">
              Arrow keys, Page Up/Down or Space to move; Escape to leave.{" "}
              <Button variant="ghost" size="sm" onClick={stop}>
                Leave presentation
              </Button>
            </p>
          </>
        )}
      </div>
      {createPortal(<PrintDeck slides={slides} />, document.body)}
    </div>
  );
}

function SlideCard({ slide, label, className }: { slide: DeckSlide; label: string; className?: string }) {
  return (
    <Card
      className={cn("flex min-h-72 flex-col p-8", className)}
      aria-roledescription="slide"
      aria-label={label}
    >
      <p className="text-xs font-medium tracking-wide text-emerald-700 uppercase dark:text-emerald-400">
        {slide.chapter}
      </p>
      <h3 className="mt-2 text-2xl font-semibold">{slide.title}</h3>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-neutral-700 dark:text-neutral-300">
        {slide.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * Every slide on its own landscape page (styles.css: `.print-deck`). It sits beside the app's root so
 * the print stylesheet can leave the whole screen out and keep only the slides.
 */
function PrintDeck({ slides }: { slides: DeckSlide[] }) {
  return (
    <div className="print-deck" aria-hidden="true">
      {slides.map((slide, index) => (
        <SlideCard
          key={slide.id}
          slide={slide}
          label={`Slide ${index + 1} of ${slides.length}`}
          className="print-slide"
        />
      ))}
    </div>
  );
}
