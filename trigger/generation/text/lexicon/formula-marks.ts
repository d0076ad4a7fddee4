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
