import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { blend, formatHex, parse, wcagContrast } from "culori";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * WCAG AA for every text colour the interface sets, in light and dark, computed from the colours the
 * browser paints: Tailwind's palette (oklch) read from the installed tailwindcss, converted by culori.
 * axe and Lighthouse only see the screens a test opens; this reads every class list in src/.
 *
 * A class list pairs its text colour with its own background for each state it styles (base, `dark:`,
 * `hover:`, `has-[:checked]:` …, the most specific class winning as in CSS). A text colour without a
 * background of its own sits on the surfaces the layout gives it: the page and a card.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const AA_TEXT = 4.5;

/** What text lies on when its own class list sets no background. */
const SURFACES = {
  light: ["--color-neutral-50", "--color-white"],
  dark: ["--color-neutral-950", "--color-neutral-900"],
} as const;

/** States that WCAG exempts (disabled controls) or that tests cannot pair (a gradient, a placeholder). */
const EXEMPT_VARIANT = /^(disabled|aria-disabled|placeholder|group-disabled|peer-disabled)$/;

function palette(): Map<string, string> {
  const theme = readFileSync(path.join(ROOT, "node_modules/tailwindcss/theme.css"), "utf8");
  return new Map(
    [...theme.matchAll(/(--color-[a-z]+(?:-\d+)?):\s*([^;]+);/g)].map((m): [string, string] => [
      m[1] ?? "",
      m[2] ?? "",
    ]),
  );
}

interface ColorClass {
  variants: string[];
  property: "text" | "bg";
  color: string;
}

const colors = palette();

/** `dark:hover:bg-emerald-400/80` → its variants, property and painted colour (alpha kept). */
function colorClass(token: string): ColorClass | null {
  const parts = token.split(":");
  const utility = parts.pop() ?? "";
  const match = /^(text|bg)-([a-z]+(?:-\d+)?)(?:\/(\d+))?$/.exec(utility);
  if (!match) return null;
  const value = colors.get(`--color-${match[2]}`);
  if (!value) return null;
  const color = parse(value);
  if (!color) return null;
  const alpha = match[3] ? Number(match[3]) / 100 : 1;
  return {
    variants: parts,
    property: match[1] as "text" | "bg",
    color: formatHex({ ...color, alpha }) + alphaHex(alpha),
  };
}

function alphaHex(alpha: number): string {
  return alpha < 1
    ? Math.round(alpha * 255)
        .toString(16)
        .padStart(2, "0")
    : "";
}

/** The class, of one property, that CSS applies in a state: the most specific whose variants it has. */
function applied(classes: ColorClass[], property: "text" | "bg", state: string[]): ColorClass | undefined {
  return classes
    .filter((c) => c.property === property && c.variants.every((variant) => state.includes(variant)))
    .sort((a, b) => b.variants.length - a.variants.length)[0];
}

interface Pair {
  file: string;
  classList: string;
  state: string;
  text: string;
  background: string;
  ratio: number;
}

function pairsOf(file: string, classList: string): Pair[] {
  const classes = classList.split(/\s+/).flatMap((token) => colorClass(token) ?? []);
  if (!classes.some((c) => c.property === "text")) return [];
  const states = new Map<string, string[]>();
  for (const { variants } of classes) {
    if (variants.some((variant) => EXEMPT_VARIANT.test(variant))) continue;
    for (const state of [variants, [...new Set([...variants, "dark"])]])
      states.set([...state].sort().join(":"), state);
  }
  states.set("", []);
  states.set("dark", ["dark"]);
  const pairs: Pair[] = [];
  for (const [key, state] of states) {
    const text = applied(classes, "text", state);
    if (!text) continue;
    const own = applied(classes, "bg", state);
    const surfaces = SURFACES[state.includes("dark") ? "dark" : "light"].map(
      (name) => colors.get(name) ?? "",
    );
    for (const surface of surfaces) {
      const background = own ? blend([surface, own.color]) : parse(surface);
      if (!background) continue;
      const painted = blend([background, text.color]);
      pairs.push({
        file,
        classList,
        state: key || "light",
        text: text.color,
        background: formatHex(background),
        ratio: wcagContrast(painted, background),
      });
      if (own && own.color.length === 7) break; // an opaque background hides the surface below it
    }
  }
  return pairs;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of a string or template literal (a template's expressions left out), or null. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
  return null;
}

/**
 * The class lists of one file as the browser would combine them: each literal on its own, and each
 * `cn(…)` call's literal arguments together — once with every branch of a conditional argument.
 */
function classListsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const lists: string[] = [];
  const combined = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    const text = combined.has(node) ? null : literalText(node);
    if (text !== null) lists.push(text);
    if (ts.isCallExpression(node) && node.expression.getText(source) === "cn") {
      for (const argument of node.arguments) {
        combined.add(argument);
        if (ts.isConditionalExpression(argument)) combined.add(argument.whenTrue).add(argument.whenFalse);
        if (ts.isBinaryExpression(argument)) combined.add(argument.right);
      }
      const fixed = node.arguments.flatMap((argument) => literalText(argument) ?? []).join(" ");
      const branches = node.arguments.flatMap((argument) =>
        ts.isConditionalExpression(argument)
          ? [argument.whenTrue, argument.whenFalse].flatMap((branch) => literalText(branch) ?? [])
          : ts.isBinaryExpression(argument)
            ? (literalText(argument.right) ?? [])
            : [],
      );
      lists.push(fixed, ...branches.map((branch) => `${fixed} ${branch}`));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lists.filter((list) => /\btext-/.test(list));
}

function classLists(): Array<{ file: string; classList: string }> {
  return sourceFiles(path.join(ROOT, "src")).flatMap((file) =>
    classListsOf(file).map((classList) => ({ file: path.relative(ROOT, file), classList })),
  );
}

describe("colour contrast", () => {
  it.each([
    // #009966 under white text: 3.65 : 1, as Lighthouse measured it on the primary buttons.
    { classList: "bg-emerald-600 text-white", ratio: 3.65 },
    { classList: "bg-emerald-700 text-white", ratio: 5.36 },
    { classList: "text-neutral-500", ratio: 4.54 },
  ])("computes $classList from the oklch palette", ({ classList, ratio }) => {
    const [light] = pairsOf("table", classList);
    expect(light?.ratio).toBeCloseTo(ratio, 1);
  });

  it("reads a dark state's own colours before the light ones", () => {
    const dark = pairsOf("table", "bg-white text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100").find(
      (pair) => pair.state === "dark",
    );
    expect(dark).toMatchObject({ text: "#f5f5f5", background: "#171717" });
  });

  it("meets WCAG AA (4.5:1) for every text colour in light and dark", () => {
    const lists = classLists();
    expect(lists.length).toBeGreaterThan(50);
    const failing = lists
      .flatMap(({ file, classList }) => pairsOf(file, classList))
      .filter((pair) => pair.ratio < AA_TEXT)
      .map(
        (pair) => `${pair.file} [${pair.state}] ${pair.text} on ${pair.background}: ${pair.ratio.toFixed(2)}`,
      );
    expect([...new Set(failing)]).toEqual([]);
  });
});
