import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCorpus, citeSentence } from "../corpus.ts";
import { ingestSource } from "./index.ts";
import { fetchWebPage, isAllowedAddress, readWebPage, WebPageError } from "./web.ts";

const SAVED_PAGE = readFileSync(new URL("../fixtures/web/water-cycle.html", import.meta.url), "utf8");
const PAYWALL =
  "<html><head><title>News</title></head><body><p>Subscribe to read this story.</p></body></html>";

/** A local site serving the saved page and the ways a page can fail. */
const routes: Record<
  string,
  (respond: (status: number, type: string, body: string, extra?: object) => void) => void
> = {
  "/article": (respond) => respond(200, "text/html; charset=utf-8", SAVED_PAGE),
  "/moved": (respond) => respond(301, "text/html", "", { location: "/article" }),
  "/loop": (respond) => respond(302, "text/html", "", { location: "/loop" }),
  "/missing": (respond) => respond(404, "text/html", "Not found"),
  "/paper.pdf": (respond) => respond(200, "application/pdf", "%PDF-1.7"),
  "/huge": (respond) => respond(200, "text/html", `<p>${"x".repeat(64 * 1024)}</p>`),
  "/slow": () => {},
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes[request.url ?? ""] ?? routes["/missing"];
    route?.((status, type, body, extra = {}) => {
      response.writeHead(status, { "content-type": type, ...extra });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowLoopback: true, timeoutMs: 1_000, maxBytes: 32 * 1024 };

describe("fetchWebPage", () => {
  it("fetches a page, following redirects", async () => {
    const html = new TextDecoder().decode(await fetchWebPage(`${base}/moved`, local));
    expect(html).toContain("<h1>The water cycle</h1>");
  });

  it.each([
    [
      "a loopback address outside the local stack",
      "/article",
      { ...local, allowLoopback: false },
      /private network/,
    ],
    ["a missing page", "/missing", local, /answered 404/],
    ["a file that is not a web page", "/paper.pdf", local, /not a web page \(application\/pdf\)/],
    ["a page over the size cap", "/huge", local, /larger than/],
    ["a redirect loop", "/loop", local, /redirects too many times/],
    ["a site that does not answer", "/slow", { ...local, timeoutMs: 200 }, /did not answer in time/],
  ])("refuses %s", async (_name, path, options, message) => {
    const attempt = fetchWebPage(`${base}${path}`, options);
    await expect(attempt).rejects.toBeInstanceOf(WebPageError);
    await expect(attempt).rejects.toThrow(message);
  });

  it.each([
    ["ftp://example.org/notes.html", /only http and https/],
    ["not a url", /not a web address/],
    ["http://10.0.0.8/admin", /private network/],
    ["http://[::1]:9/", /private network/],
    ["http://169.254.169.254/latest/meta-data", /private network/],
  ])("refuses %s before connecting", async (address, message) => {
    await expect(fetchWebPage(address, { timeoutMs: 500 })).rejects.toThrow(message);
  });
});

describe("isAllowedAddress", () => {
  it.each([
    ["93.184.216.34", false, true],
    ["2606:2800:220:1:248:1893:25c8:1946", false, true],
    ["127.0.0.1", false, false],
    ["127.0.0.1", true, true],
    ["::1", true, true],
    ["::ffff:127.0.0.1", false, false],
    ["10.1.2.3", true, false],
    ["172.20.0.1", false, false],
    ["192.168.1.10", false, false],
    ["100.64.0.1", false, false],
    ["fd00::1", false, false],
    ["fe80::1", false, false],
    ["0.0.0.0", false, false],
  ])("%s (loopback allowed: %s) is allowed: %s", (address, allowLoopback, allowed) => {
    expect(isAllowedAddress(address, allowLoopback)).toBe(allowed);
  });
});

describe("readWebPage", () => {
  it("keeps the article's title, headings, paragraphs and list items, and leaves the site around it", () => {
    const { lines, layout } = readWebPage(SAVED_PAGE);
    const headings = [...layout.headings].map(([line, { level }]) => [lines[line], level]);
    expect(headings).toEqual([
      ["The water cycle", 1],
      ["Evaporation", 2],
      ["Condensation and precipitation", 2],
      ["Where the water goes", 3],
    ]);
    expect(lines).toContain("Rain falls when droplets grow too heavy to float.");
    expect(lines).toContain("Snow forms when the cloud is below freezing.");
    expect(lines.join(" ")).not.toMatch(/Log in|Privacy|About us/);
    const paragraphs = lines
      .map((_line, index) => index)
      .filter((index) => index > 0 && !layout.headings.has(index));
    expect([...layout.paragraphs]).toEqual(paragraphs);
  });

  const prose = (topic: string) =>
    `<p>${`The ${topic} is explained here in some detail, sentence after sentence, for the reader. `.repeat(6)}</p>`;
  const page = (head: string, body: string) =>
    `<!doctype html><html><head><title>${head}</title></head><body>${body}</body></html>`;

  it.each([
    [
      "bookdown: div.figure p.caption",
      `<div class="figure"><img src="a.png" alt=""><p class="caption">A notebook with three cells.</p></div>`,
      "A notebook with three cells.",
    ],
    [
      "figcaption",
      `<figure><img src="a.png" alt=""><figcaption>The delta from above.</figcaption></figure>`,
      "The delta from above.",
    ],
    ["role=caption", `<div><p role="caption">Map of the river basin.</p></div>`, "Map of the river basin."],
    [
      "a table's caption",
      `<table><caption>Rainfall per month</caption><tr><td>Jan</td><td>80</td></tr></table>`,
      "Rainfall per month",
    ],
    [
      "WordPress",
      `<div class="wp-caption"><p class="wp-caption-text">The old mill.</p></div>`,
      "The old mill.",
    ],
  ])("gives a caption its role: %s", (_name, figure, caption) => {
    const { lines, layout } = readWebPage(
      page(
        "Rivers",
        `<main><article><h1>Rivers</h1>${prose("river")}${figure}${prose("delta")}</article></main>`,
      ),
    );
    const line = lines.indexOf(caption);
    expect(line).toBeGreaterThan(0);
    expect(layout.roles.get(line)).toBe("caption");
    expect([...layout.roles.values()].filter((role) => role === "caption")).toHaveLength(1);
  });

  it("gives list items their role, nested items included, and leaves the lead-in prose", () => {
    const { lines, layout } = readWebPage(
      page(
        "Rivers",
        `<main><article><h1>Rivers</h1>${prose("river")}<p>Never do this near a river:</p><ul><li>Swim after rain.<ul><li>Nor wade.</li></ul></li><li>Camp on the bank.</li></ul>${prose("delta")}</article></main>`,
      ),
    );
    const roleOf = (text: string) => layout.roles.get(lines.indexOf(text));
    expect(
      ["Never do this near a river:", "Swim after rain.", "Nor wade.", "Camp on the bank."].map(roleOf),
    ).toEqual([undefined, "list", "list", "list"]);
  });

  it.each([
    [
      "the article's h1, not the site's h1 in its top bar or the <title> with the site's name",
      page(
        "Chapter 2 Why we use notebooks | Teaching with Notebooks",
        `<div class="book-header" role="navigation"><h1><a href="./">Teaching with Notebooks</a></h1></div>
         <div role="main"><h1><span>Chapter 2</span> Why we use notebooks</h1>${prose("notebook")}</div>`,
      ),
      "Chapter 2 Why we use notebooks",
    ],
    [
      "an h1 in the article's own header",
      page("Dikes · Earth Notes", `<article><header><h1>Dikes</h1></header>${prose("dike")}</article>`),
      "Dikes",
    ],
    [
      "without an article h1: the <title> without the site's name",
      page(
        "Dikes | Earth Notes",
        `<header><h1>Earth Notes</h1></header><main><article>${prose("dike")}${prose("polder")}</article></main>`,
      ),
      "Dikes",
    ],
  ])("takes as title %s", (_name, html, title) => {
    const { lines, layout } = readWebPage(html);
    expect(lines[0]).toBe(title);
    expect(layout.headings.get(0)?.level).toBe(1);
    expect(
      lines.filter((line) => line.includes("Teaching with Notebooks") || line === "Earth Notes"),
    ).toEqual([]);
  });

  it.each([
    ["Sphinx's ¶", `<a class="headerlink" href="#dikes" title="Link to this heading">¶</a>`],
    ["an icon font's glyph", `<a class="headerlink" href="#dikes">\uf0c1</a>`],
    ["GitHub's anchor", `<a class="anchor" aria-hidden="true" href="#dikes"><svg></svg>#</a>`],
    ["VuePress's #", `<a class="header-anchor" href="#dikes">#</a>`],
    ["Docusaurus's hash link", `<a class="hash-link" href="#dikes" title="Direct link">​</a>`],
  ])("reads a heading without its permalink: %s", (_name, anchor) => {
    const { lines, layout } = readWebPage(
      page(
        "Rivers",
        `<main><article><h1>Rivers${anchor}</h1>${prose("river")}<h2>Dikes${anchor}</h2>${prose("dike")}</article></main>`,
      ),
    );
    const headings = [...layout.headings].map(([line]) => lines[line]);
    expect(headings).toEqual(["Rivers", "Dikes"]);
  });

  it("reports a page with too little article text, such as a paywall", () => {
    expect(() => readWebPage(PAYWALL)).toThrow(/too little article text/);
  });
});

describe("ingesting a web page", () => {
  it("reads the page as one unpaged source whose citations carry its address", async () => {
    const source_url = "https://www.earthnotes.example/water-cycle";
    const input = { id: "web", kind: "url" as const, file_name: source_url, file_path: null };
    const { chunks } = await ingestSource({ ...input, content: new TextEncoder().encode(SAVED_PAGE) });
    expect(chunks.every((chunk) => chunk.page_number === null && chunk.file_path === null)).toBe(true);
    const corpus = buildCorpus([{ ...input, source_url, chunks }]);
    const sentence = corpus.sentences.find((entry) => entry.text.startsWith("Most water vapour"));
    expect(sentence && citeSentence(sentence)).toMatchObject({
      source_url,
      file_path: null,
      page_number: null,
    });
  });

  it("says why a paywalled page cannot be a source", async () => {
    const attempt = ingestSource({
      id: "web",
      kind: "url",
      file_name: "https://news.example/story",
      file_path: null,
      content: new TextEncoder().encode(PAYWALL),
    });
    await expect(attempt).rejects.toThrow(
      '"https://news.example/story" could not be read as a web page: it has too little article text',
    );
  });
});

describe("page widgets are not the article", () => {
  const prose =
    "<p>Rivers carry water from the hills to the sea, and they shape the land they cross on the way. ".repeat(
      3,
    );
  it.each<[string, string, string]>([
    [
      "a feedback section by its heading (nl)",
      "<h2>Help ons deze pagina te verbeteren</h2><p>Deel je idee via GitHub of mail ons.</p>",
      "Deel je idee",
    ],
    [
      "a feedback section by its heading (en)",
      "<h2>Was this page helpful?</h2><p>Tell us what we can do better.</p>",
      "Tell us what",
    ],
    ["a form", "<form><p>Leave your e-mail address for our newsletter today.</p></form>", "newsletter"],
    [
      "a share box by class",
      '<div class="share-buttons"><p>Share this article on every network you use.</p></div>',
      "Share this",
    ],
    [
      "a cookie notice by aria-label",
      '<div aria-label="Cookie consent"><p>We use cookies to improve your visit here.</p></div>',
      "cookies",
    ],
    [
      "a social box among other classes",
      '<div class="post social-links"><p>Follow us on every network you use today.</p></div>',
      "Follow us",
    ],
  ])("%s", (_, widget, widgetText) => {
    const html = `<html><head><title>Rivers</title></head><body><main><h1>Rivers</h1><h2>Water</h2>${prose}</p>${widget}<h2>Deltas</h2>${prose}</p></main></body></html>`;
    const text = readWebPage(html).lines.join("\n");
    expect(text).not.toContain(widgetText);
    expect(text).toContain("Deltas");
    expect(text).toContain("Rivers carry water");
  });

  it("keeps a box and a section of the article that their class or id names by title: Sphinx's", () => {
    const box =
      '<div class="admonition-social-1-think-about-if-and-how-you-share discussion admonition"><p class="admonition-title">Social-1: Think about sharing</p><ul><li><p>Did you ever share your code with a colleague?</p></li></ul></div>';
    const html = `<html><head><title>Social coding</title></head><body><main><section id="social-coding"><h1>Social coding</h1><h2>Water</h2>${prose}</p>${box}<h2>Deltas</h2>${prose}</p></section></main></body></html>`;
    const { lines } = readWebPage(html);
    expect(lines).toContain("Did you ever share your code with a colleague?");
    expect(lines).toContain("Deltas");
  });
});
