import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SLIDE_KINDS } from "./api";
import { CourseContent } from "./course-content";
import { SectionTitle } from "./topic-page";

/** The slides of every chapter's overview, shown one at a time. */
export function SlideDeck({ topicId }: { topicId: string }) {
  return (
    <section>
      <SectionTitle description="The overview slides of each chapter, in order.">Slide deck</SectionTitle>
      <CourseContent topicId={topicId} kinds={SLIDE_KINDS} noun="slides">
        {(overviews) => (
          <SlideViewer
            slides={overviews.flatMap((overview) =>
              (overview.payload?.slides ?? []).map((slide) => ({ ...slide, chapter: overview.chapterTitle })),
            )}
          />
        )}
      </CourseContent>
    </section>
  );
}

function SlideViewer({ slides }: { slides: Array<{ title: string; bullets: string[]; chapter: string }> }) {
  const [index, setIndex] = useState(0);
  const slide = slides[index];
  if (!slide) return <p className="text-neutral-500">The overviews have no slides.</p>;
  return (
    <div className="max-w-3xl">
      <Card
        className="flex min-h-72 flex-col p-8"
        aria-roledescription="slide"
        aria-label={`Slide ${index + 1} of ${slides.length}`}
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
      <div className="mt-4 flex items-center justify-between">
        <Button variant="secondary" size="sm" onClick={() => setIndex(index - 1)} disabled={index === 0}>
          Previous slide
        </Button>
        <span className="text-sm text-neutral-500 tabular-nums">
          {index + 1} / {slides.length}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setIndex(index + 1)}
          disabled={index === slides.length - 1}
        >
          Next slide
        </Button>
      </div>
    </div>
  );
}
