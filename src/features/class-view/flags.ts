import type { FlagThreshold, ItemAnalysis, ItemFlag } from "./api";

/** A share as a whole percentage, the way a teacher reads it. */
export function percent(share: number | null | undefined): string {
  return share === null || share === undefined ? "–" : `${Math.round(share * 100)} %`;
}

function optionNames(item: ItemAnalysis, pick: (option: ItemAnalysis["options"][number]) => boolean) {
  return item.options
    .filter(pick)
    .map((option) => `“${option.text}”`)
    .join(" or ");
}

/**
 * A flag in words a teacher understands (docs/teachers.md "Item analysis"), quoting the threshold
 * Postgres used (item_flag_thresholds) and naming the options concerned.
 */
export function flagSentence(
  flag: ItemFlag,
  item: ItemAnalysis,
  thresholds: ReadonlyMap<string, FlagThreshold>,
): string {
  const threshold = thresholds.get(flag)?.threshold ?? null;
  switch (flag) {
    case "too_easy":
      return `Too easy: more than ${percent(threshold)} answer it right, so it tells you little.`;
    case "too_hard":
      return `Too hard: fewer than ${percent(threshold)} answer it right. Check the question and its answer.`;
    case "negative_discrimination":
      return "Misleading: learners who do well on the rest of the chapter get it wrong more often than those who do not. The answer key or the wording may be off.";
    case "unused_option":
      return `Nobody picks ${optionNames(item, (option) => option.picks === 0)}: not a believable wrong answer.`;
    case "wrong_option_beats_right": {
      const right = item.options.find((option) => option.correct)?.picks ?? 0;
      return `More learners pick ${optionNames(item, (option) => !option.correct && option.picks > right)} than the right answer.`;
    }
  }
}
