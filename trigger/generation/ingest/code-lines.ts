/**
 * Lines that read as a program or a shell command rather than prose, for documents that set a listing
 * in their body style (a published Word file's appendix: "#!/bin/sh", "set -e", "openssl ecparam -name
 * secp256k1 -genkey …" as plain paragraphs, read as slides and sentences before). One table of
 * patterns; a new form of code is a pattern here and a row in code-lines.test.ts. A line is code only
 * in a run of such lines (`CODE_RUN_LINES`): one line alone may be a command quoted in prose.
 */
const CODE_LINE_PATTERNS: readonly RegExp[] = [
  // a script's interpreter line, a shell prompt
  /^#!\//u,
  /^\$\s+\S/u,
  // a comment line of a script ("# ES256 (ECDSA p256)", a bare "#"), short and without a sentence's stop
  /^(?:#|\/\/)(?:\s?\S.{0,70})?$/u,
  // a shell command that needs no option ("echo pubkey:", "cat ec.pub", "zip fake.zip payload")
  /^(?:echo|cat|zip|unzip|cd|ls|mkdir|rm|cp|mv|chmod|curl|wget|git|npm|npx|pip|python3?|node|sudo|docker)(?:\s|$)/u,
  // a pipe or a redirect between words ("cat signature.bin | base64", "echo x > payload")
  /\S\s+(?:\||>>?)\s+\S/u,
  // a lower-case command with an option ("openssl req -new -x509", "set -e", "pip install --user x")
  /^[a-z][\w.-]*(?:\s+[^\s-]\S*)*\s+--?[a-zA-Z][\w-]*(?:[\s=]|$)/u,
  // a statement ending in ";" or opening or closing a block
  /[;{}]$/u,
  /^[})\]]/u,
  // an assignment to a lower-case name ("key = load(path)", "export PATH=$HOME/bin")
  /^(?:export\s+[A-Za-z_]\w*|[a-z_][\w.]*)\s*:?=\s*\S/u,
];

/** Consecutive code-like lines that make a listing. */
export const CODE_RUN_LINES = 3;

/** Whether a line reads as code: one of the patterns, and no sentence's closing stop. */
export function looksLikeCode(line: string): boolean {
  const text = line.trim();
  if (text === "" || /[.!?]["”’)]?$/u.test(text)) return false;
  return CODE_LINE_PATTERNS.some((pattern) => pattern.test(text));
}

/** The indexes of the lines that stand in a run of at least `CODE_RUN_LINES` code-like lines. */
export function codeRuns(lines: readonly string[]): Set<number> {
  const found = new Set<number>();
  let start = 0;
  for (let index = 0; index <= lines.length; index++) {
    if (index < lines.length && looksLikeCode(lines[index] ?? "")) continue;
    if (index - start >= CODE_RUN_LINES) for (let at = start; at < index; at++) found.add(at);
    start = index + 1;
  }
  return found;
}
