/**
 * Marks of mathematical notation inside a sentence. Text extraction keeps such a sentence's words but
 * loses what made its formula readable (primes, inverses, sub- and superscripts), so "could be defined …
 * as follows: median(M) → x" became "median → x" in a graded recap, and "the factor |g (y)|" a formula
 * nobody can read: taught as a statement, it is false or meaningless. The same in every language; a new
 * mark is a pattern here and a row in text.test.ts.
 */
export const FORMULA_MARKS: readonly RegExp[] = [
  // arrows, relations and operators that prose does not use: "M → x", "a ≤ b", "∑ x"
  /[→←↦⇒⇐⇔↔≤≥≠≈≡∝∑∏∫√∈∉⊂⊆∀∃∂∇]/u,
  // an absolute value or norm around a short expression: "|g (y)|", "|x|"
  /\|[^|\s][^|]{0,20}\|/u,
  // an equals sign between terms: "y = f(x)", "p = 0.05"
  /(?:^|\s)=(?:\s|$)/u,
];

/**
 * Marks of a table's numbered rows run together into one line: "15- Stappen worden … doorlopen 15 16-
 * Het bronsysteem …" was taught as study text and a slide. A step number before a dash opens a row, and
 * two numbers before one close one row and open the next.
 */
export const TABLE_ROW_MARKS: readonly RegExp[] = [/^\d{1,3}\s?-\s+\p{L}/u, /\s\d{1,3}\s\d{1,3}-\s/u];
