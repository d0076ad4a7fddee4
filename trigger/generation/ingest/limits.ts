import { AsyncLocalStorage } from "node:async_hooks";
import {
  limitReason,
  SOURCE_LIMITS,
  type SourceLimit,
  type SourceLimits,
} from "../../../src/domain/source-limits.ts";
import { type SourceKind, SourceReadError } from "./errors.ts";

export { SOURCE_LIMITS, type SourceLimit, type SourceLimits } from "../../../src/domain/source-limits.ts";

/** A source over one of SOURCE_LIMITS: `"book.pdf" is too large to read: more than 2,000 pages`. */
export class SourceLimitError extends SourceReadError {
  constructor(
    fileName: string,
    kind: SourceKind,
    readonly limit: SourceLimit,
    limits: SourceLimits = SOURCE_LIMITS,
  ) {
    const reason = limitReason(limit, kind, limits);
    super(fileName, kind, reason);
    this.message = `"${fileName}" ${reason}`;
  }
}

interface ReadBudget {
  source: { file_name: string; kind: SourceKind };
  limits: SourceLimits;
  characters: number;
  /** The limit error thrown, kept because a reader may wrap whatever it catches in its own error. */
  exceeded?: SourceLimitError;
}

const budgets = new AsyncLocalStorage<ReadBudget>();

/**
 * Runs a source's reading with a budget of characters that readers charge as they go. When the budget
 * ran out, that limit is the error, however the reader reported its failure.
 */
export async function withReadBudget<T>(
  source: { file_name: string; kind: SourceKind },
  limits: SourceLimits,
  read: () => Promise<T>,
): Promise<T> {
  const budget: ReadBudget = { source, limits, characters: 0 };
  try {
    return await budgets.run(budget, read);
  } catch (error) {
    throw budget.exceeded ?? error;
  }
}

/**
 * Charges characters just read (a PDF page's text) to the source being read, and throws a
 * SourceLimitError once they pass the characters limit, so a reader stops at that page instead of
 * reading the rest of a hostile file. Outside withReadBudget it does nothing.
 */
export function chargeReadBudget(characters: number): void {
  const budget = budgets.getStore();
  if (!budget) return;
  budget.characters += characters;
  if (budget.characters > budget.limits.characters) {
    budget.exceeded ??= new SourceLimitError(
      budget.source.file_name,
      budget.source.kind,
      "characters",
      budget.limits,
    );
    throw budget.exceeded;
  }
}
