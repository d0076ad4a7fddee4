import TinyQueue from "tinyqueue";
import type { Sentence } from "../../corpus.ts";
import { SUBTOPICS_PER_PART } from "../../course-shape.ts";
import type { Random } from "../../random.ts";
import { segment, type TermWeights } from "../../text/rank.ts";

/** A passage that becomes one subtopic: a paragraph, a run of paragraphs, or a sub-heading's text. */
export interface Unit {
  /** The author's sub-heading, when the passage has one. */
  heading: string | null;
  sentences: Sentence[];
}

/** A passage while it is grouped, with the set of its content terms kept up to date as it grows. */
interface Group extends Unit {
  terms: Set<string>;
}

/**
 * The passages of a section as subtopics: each sub-heading and paragraph is one idea; one-sentence
 * paragraphs join their closest neighbour, a section that is one long paragraph is cut where its
 * vocabulary shifts, and too many passages are merged pairwise by similarity. A variant merges or cuts
 * one more place, never leaving a section of several paragraphs with a single subtopic.
 * Near-linear in the section's length: a chapter of thousands of paragraphs costs no more per paragraph
 * than a short one (see `mergeMostSimilar`).
 */
export function groupUnits(units: readonly Unit[], weights: TermWeights, random: Random | null): Unit[] {
  const paragraphs = units.length;
  const grouped = mergeMostSimilar(
    joinLoneSentences(
      units.map((unit) => ({
        heading: unit.heading,
        sentences: [...unit.sentences],
        terms: termsOf(unit.sentences),
      })),
    ),
  );
  let groups = grouped.map(({ heading, sentences }): Unit => ({ heading, sentences }));
  if (groups.length === 1) {
    const only = groups[0] as Unit;
    const parts = only.sentences.length >= 9 ? 3 : only.sentences.length >= 4 ? 2 : 1;
    const cut = segment(only.sentences, parts, weights);
    if (cut.length > 1)
      groups = cut.map((sentences, index) => ({ heading: index === 0 ? only.heading : null, sentences }));
  }
  return withListsJoined(random ? varied(groups, paragraphs, weights, random) : groups);
}

/**
 * A passage made only of list items whose lead-in ("The issues fall into:") lies before it has nothing
 * to say on its own: it joins the passage before it, where the lead-in is (the first joins the next).
 * Left apart it was a subtopic with no description, no slide and no statement to teach.
 */
export function withListsJoined(groups: readonly Unit[]): Unit[] {
  const joined: Unit[] = [];
  let pending: Sentence[] = [];
  for (const group of groups) {
    const framedOnly = group.heading === null && group.sentences.every((s) => s.framedBy !== undefined);
    const previous = joined.at(-1);
    if (framedOnly && previous) previous.sentences.push(...group.sentences);
    else if (framedOnly) pending.push(...group.sentences);
    else {
      joined.push({ heading: group.heading, sentences: [...pending, ...group.sentences] });
      pending = [];
    }
  }
  if (pending.length > 0) joined.push({ heading: null, sentences: pending });
  return joined;
}

/** What decides whether two passages may merge. */
interface Shape {
  heading: string | null;
  sentenceCount: number;
}

const shapeOf = (unit: Unit): Shape => ({ heading: unit.heading, sentenceCount: unit.sentences.length });

/** Author's sub-headings stay apart; untitled passages may join. */
function mergeable(a: Shape, b: Shape): boolean {
  return b.heading === null && (a.heading === null || b.sentenceCount < 2);
}

function termsOf(sentences: readonly Sentence[]): Set<string> {
  return new Set(sentences.flatMap((sentence) => sentence.terms));
}

/** How much two passages share their vocabulary (Jaccard over content terms), in the smaller's time. */
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [smaller, larger] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const term of smaller) if (larger.has(term)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** `into` takes `from`'s terms; the larger set is kept and returned, so merging costs the smaller. */
function unionInto(into: Set<string>, from: Set<string>): Set<string> {
  const [smaller, larger] = into.size >= from.size ? [from, into] : [into, from];
  for (const term of smaller) larger.add(term);
  return larger;
}

/**
 * Lone sentences are no idea of their own: in reading order, each untitled one-sentence passage joins
 * the neighbour it shares most words with (the next one on a tie), while more than two passages are
 * left. One pass, each join touching only the passages involved.
 */
function joinLoneSentences(groups: Group[]): Group[] {
  const pending = [...groups];
  const joined: Group[] = [];
  let count = pending.length;
  let index = 0;
  for (; index < pending.length && count > 2; index++) {
    const group = pending[index] as Group;
    const next = pending[index + 1];
    const previous = joined.at(-1);
    const lone = group.sentences.length === 1 && group.heading === null;
    const withNext =
      lone && next && mergeable(shapeOf(group), shapeOf(next)) ? similarity(group.terms, next.terms) : -1;
    const withPrevious =
      lone && previous && mergeable(shapeOf(previous), shapeOf(group))
        ? similarity(previous.terms, group.terms)
        : -1;
    if (withNext < 0 && withPrevious < 0) {
      joined.push(group);
    } else if (withPrevious > withNext && previous) {
      count--;
      previous.sentences.push(...group.sentences);
      previous.terms = unionInto(previous.terms, group.terms);
    } else if (next) {
      count--;
      // The joined pair is looked at next, as the passage at this place.
      pending[index + 1] = {
        heading: group.heading,
        sentences: [...group.sentences, ...next.sentences],
        terms: unionInto(next.terms, group.terms),
      };
    }
  }
  return [...joined, ...pending.slice(index)];
}

/** A passage in the merge: a run of the joined passages, `first` to `last`, linked to its neighbours. */
interface Node extends Shape {
  first: number;
  last: number;
  terms: Set<string>;
  previous: Node | null;
  next: Node | null;
  alive: boolean;
  /** Counts the node's merges, so a queued pair computed before one is known to be stale. */
  version: number;
}

interface Pair {
  left: Node;
  right: Node;
  leftVersion: number;
  rightVersion: number;
  similarity: number;
}

/**
 * While there are more than SUBTOPICS_PER_PART passages, merges the most similar mergeable neighbours (the
 * first such pair on a tie). A queue of the neighbouring pairs, with the pairs a merge changes queued
 * again and their old entries skipped when they surface, finds each merge in logarithmic time instead
 * of comparing every pair again (which made a chapter of n paragraphs cost n² similarities).
 */
function mergeMostSimilar(groups: Group[]): Unit[] {
  if (groups.length <= SUBTOPICS_PER_PART) return groups;
  const nodes = groups.map(
    (group, index): Node => ({
      first: index,
      last: index,
      heading: group.heading,
      sentenceCount: group.sentences.length,
      terms: group.terms,
      previous: null,
      next: null,
      alive: true,
      version: 0,
    }),
  );
  nodes.forEach((node, index) => {
    node.previous = nodes[index - 1] ?? null;
    node.next = nodes[index + 1] ?? null;
  });
  const queue = new TinyQueue<Pair>([], (a, b) => b.similarity - a.similarity || a.left.first - b.left.first);
  const enqueue = (left: Node | null, right: Node | null) => {
    if (!left || !right || !mergeable(left, right)) return;
    const pairSimilarity = similarity(left.terms, right.terms);
    queue.push({
      left,
      right,
      leftVersion: left.version,
      rightVersion: right.version,
      similarity: pairSimilarity,
    });
  };
  for (const node of nodes) enqueue(node, node.next);
  let count = nodes.length;
  while (count > SUBTOPICS_PER_PART) {
    const pair = nextCurrentPair(queue);
    if (!pair) break;
    const { left, right } = pair;
    left.last = right.last;
    left.sentenceCount += right.sentenceCount;
    left.terms = unionInto(left.terms, right.terms);
    left.next = right.next;
    if (right.next) right.next.previous = left;
    left.version++;
    right.alive = false;
    count--;
    enqueue(left.previous, left);
    enqueue(left, left.next);
  }
  return nodes
    .filter((node) => node.alive)
    .map((node) => ({
      heading: node.heading,
      sentences: groups.slice(node.first, node.last + 1).flatMap((group) => group.sentences),
    }));
}

/** The best queued pair whose passages have not changed since it was queued. */
function nextCurrentPair(queue: TinyQueue<Pair>): Pair | undefined {
  for (let pair = queue.pop(); pair; pair = queue.pop()) {
    const current =
      pair.left.alive &&
      pair.right.alive &&
      pair.left.version === pair.leftVersion &&
      pair.right.version === pair.rightVersion;
    if (current) return pair;
  }
  return undefined;
}

/** A variant merges one more pair of passages (or cuts a long one in two) where the seed says. */
function varied(groups: Unit[], paragraphs: number, weights: TermWeights, random: Random): Unit[] {
  const candidates = groups
    .slice(0, -1)
    .flatMap((group, index) =>
      mergeable(shapeOf(group), shapeOf(groups[index + 1] as Unit)) ? [index] : [],
    );
  const minimum = paragraphs > 1 ? 2 : 1;
  if (candidates.length > 0 && groups.length > Math.max(minimum, 2) && random.chance(0.6)) {
    const index = candidates[random.below(candidates.length)] as number;
    const [a, b] = [groups[index] as Unit, groups[index + 1] as Unit];
    return [
      ...groups.slice(0, index),
      { heading: a.heading, sentences: [...a.sentences, ...b.sentences] },
      ...groups.slice(index + 2),
    ];
  }
  const long = groups.flatMap((group, index) =>
    group.sentences.length >= 4 && groups.length < SUBTOPICS_PER_PART ? [index] : [],
  );
  if (long.length === 0) return groups;
  const index = long[random.below(long.length)] as number;
  const group = groups[index] as Unit;
  const cut = segment(group.sentences, 2, weights);
  if (cut.length !== 2) return groups;
  return [
    ...groups.slice(0, index),
    { heading: group.heading, sentences: cut[0] as Sentence[] },
    { heading: null, sentences: cut[1] as Sentence[] },
    ...groups.slice(index + 1),
  ];
}
