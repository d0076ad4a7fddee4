/**
 * MkDocs Material page → plain pandoc Markdown, the source the corpus keeps and builds from. Only what
 * pandoc cannot read is rewritten: an admonition (`!!! note "Title"` with an indented body) becomes a bold
 * title line and its body unindented; collapsed blocks (`??? …`) that hold only a generated list, heading
 * attributes pandoc does not parse (`{ data-search-exclude }`), icon shortcodes (`:material-…:`) and the
 * sections named with --drop are removed.
 *
 *   npx tsx bench/corpus/tools/mkdocs-prep.ts page.md [--drop "Heading"]… > source.md
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { drop: { type: "string", multiple: true, default: [] } },
});
const lines = readFileSync(positionals[0] as string, "utf8")
  .replace(/\t/g, "    ")
  .split("\n");
const out: string[] = [];
let dropping = false;
let inAdmonition = false;
let skipBlock = false;
for (const line of lines) {
  const heading = /^(#+)\s+(.*?)\s*(\{[^}]*\})?\s*$/.exec(line);
  if (heading) {
    dropping = (values.drop as string[]).includes(heading[2] as string);
    inAdmonition = false;
    skipBlock = false;
    if (!dropping) out.push(`${heading[1]} ${heading[2]}`);
    continue;
  }
  if (dropping) continue;
  const admonition = /^!!!\s+\w+(?:\s+"(.*)")?\s*$/.exec(line);
  if (admonition) {
    inAdmonition = true;
    if (admonition[1]) out.push(`**${admonition[1]}**`, "");
    continue;
  }
  if (/^\?\?\?/.test(line)) {
    skipBlock = true;
    continue;
  }
  if ((inAdmonition || skipBlock) && line.trim() !== "" && !/^ {1,}/.test(line)) {
    inAdmonition = false;
    skipBlock = false;
  }
  if (skipBlock) continue;
  const text = (inAdmonition ? line.replace(/^ {4}/, "") : line).replace(/:material-[a-z-]+:\s*/g, "");
  out.push(text);
}
process.stdout.write(`${out.join("\n").replace(/\n{3,}/g, "\n\n")}`);
