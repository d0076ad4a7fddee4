import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { markFrontMatter } from "./front-matter.ts";
import { emptyLayout, type LineRole, type PageLayout } from "./layout.ts";
import { normalizeLine } from "./lines.ts";

/**
 * Web pages as sources: the structure task fetches the page the learner gave (http or https only, with a
 * timeout, a size cap, a few redirects, and never to a private or loopback address), then Mozilla's
 * Readability (the reader view of Firefox) finds the article on a `linkedom` DOM. linkedom is a small
 * DOM without layout or scripts, which is all Readability needs; jsdom would add a much larger
 * dependency tree to the task for nothing it uses.
 */

export const FETCH_TIMEOUT_MS = 15_000;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
/** An article shorter than this is a paywall, a login page or a page of links, not something to learn. */
export const MIN_ARTICLE_CHARS = 300;

/**
 * `STUDYMAP_ALLOW_LOOPBACK_SOURCES=1` lets a source URL point at this machine (127.0.0.0/8, ::1). Only
 * the local stack and its tests set it, to serve saved pages locally; production never does, so a
 * learner cannot make the task fetch from the task's own network.
 */
export const ALLOW_LOOPBACK_ENV = "STUDYMAP_ALLOW_LOOPBACK_SOURCES";

/** A page that cannot be fetched or holds no article; the message is meant for the learner's screen. */
export class WebPageError extends Error {
  override readonly name = "WebPageError";
}

export interface FetchOptions {
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The page's HTML as UTF-8 bytes, following at most a few redirects, each checked like the first URL. */
export async function fetchWebPage(address: string, options: FetchOptions = {}): Promise<Uint8Array> {
  const settings = {
    allowLoopback: options.allowLoopback ?? process.env[ALLOW_LOOPBACK_ENV] === "1",
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? MAX_PAGE_BYTES,
  };
  let url = parseWebUrl(address);
  for (let redirects = 0; ; redirects++) {
    const response = await get(url, settings);
    if (response.location === null) return response.body;
    if (redirects === MAX_REDIRECTS) throw new WebPageError("the page redirects too many times");
    url = parseWebUrl(new URL(response.location, url).toString());
  }
}

export function parseWebUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebPageError("it is not a web address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new WebPageError("only http and https addresses can be read");
  return url;
}

interface Settings {
  allowLoopback: boolean;
  timeoutMs: number;
  maxBytes: number;
}

function get(url: URL, settings: Settings): Promise<{ location: string | null; body: Uint8Array }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Node connects to an IP literal without a lookup, so literals are checked here, names at lookup.
  if (isIP(host) && !isAllowedAddress(host, settings.allowLoopback))
    return Promise.reject(new WebPageError("the address is on a private network"));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(settings.allowLoopback),
        timeout: settings.timeoutMs,
        headers: { accept: "text/html,application/xhtml+xml", "user-agent": "Studymap/1.0 (source reader)" },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ location: response.headers.location, body: new Uint8Array() });
        }
        if (status !== 200) {
          response.resume();
          return reject(
            new WebPageError(`the site answered ${status} (${response.statusMessage ?? ""})`.trim()),
          );
        }
        const type = response.headers["content-type"] ?? "";
        if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
          response.resume();
          return reject(
            new WebPageError(`it is not a web page (${type.split(";")[0] || "no content type"})`),
          );
        }
        readBody(response, settings.maxBytes, charsetOf(type)).then(
          (body) => resolve({ location: null, body }),
          reject,
        );
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new WebPageError("the site did not answer in time")),
      settings.timeoutMs,
    );
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new WebPageError("the site did not answer in time")));
    request.on("error", (error) =>
      reject(
        error instanceof WebPageError
          ? error
          : new WebPageError(`the site could not be reached (${errorCode(error)})`),
      ),
    );
  });
}

function readBody(response: http.IncomingMessage, maxBytes: number, charset: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    response.on("data", (part: Buffer) => {
      size += part.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new WebPageError(`the page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
      } else parts.push(part);
    });
    response.on("error", reject);
    response.on("end", () => {
      const decoder = decoderFor(charset);
      resolve(new TextEncoder().encode(decoder.decode(Buffer.concat(parts))));
    });
  });
}

function charsetOf(contentType: string): string {
  return /charset="?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
}

function decoderFor(charset: string): TextDecoder {
  try {
    return new TextDecoder(charset);
  } catch {
    return new TextDecoder("utf-8");
  }
}

function errorCode(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}

// Addresses a public web page never has: private networks, loopback, link-local (cloud metadata),
// carrier-grade NAT, "this network", multicast and reserved ranges.
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 3],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv6");
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether a page may be fetched from this address (loopback only when the setting allows it). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? "ipv6" : "ipv4";
  if (allowLoopback && LOOPBACK.check(ip, family)) return true;
  return isIP(ip) !== 0 && !BLOCKED.check(ip, family);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses names resolving to a blocked address, checked on the address connected to. */
function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      if (addresses.some((entry) => !isAllowedAddress(entry, allowLoopback)))
        return callback(new WebPageError("the address is on a private network"), address, family);
      callback(null, address, family);
    });
  };
}

/** The article of a page: its title and its headings, paragraphs and list items, one line each. */
export interface WebArticle {
  lines: string[];
  layout: PageLayout;
}

const HEADING = /^H([1-6])$/;
const TEXT_BLOCKS = new Set(["P", "PRE", "FIGCAPTION", "DT", "DD", "TD", "TH", "CAPTION", "SUMMARY"]);
const LISTS = new Set(["UL", "OL"]);

/**
 * Caption elements by the conventions pages use: HTML's own (`figcaption`, a table's `caption`), ARIA's,
 * and the classes site generators write (bookdown and Pandoc: `<div class="figure">…<p class="caption">`;
 * WordPress: `wp-caption-text`). Readability drops classes, so they are marked before it runs.
 */
export const CAPTION_SELECTORS = [
  "figcaption",
  "caption",
  "[role=caption]",
  ".caption",
  ".figure p.caption",
  ".figure-caption",
  ".image-caption",
  ".wp-caption-text",
] as const;
const CAPTION_MARK = "data-studymap-caption";

/**
 * The site's own parts: an `h1` in them is the site's name ("Teaching and Learning with Jupyter" in a
 * book's top bar), not the article's title, unless they sit inside the article (an article's header).
 */
const SITE_CHROME = "header, nav, footer, aside, [role=navigation], [role=banner], [role=contentinfo]";
const MAIN_CONTENT = "main, article, [role=main]";

/** What the boxes around an article are for, as their class names and ids begin ("share-buttons"). */
const WIDGET_WORDS = ["feedback", "share", "social", "cookie", "consent", "newsletter", "rating"] as const;

/**
 * A page's widgets, not its article: forms, dialogs and the boxes sites put around an article for
 * feedback, sharing, cookies, newsletters and ratings (by role, ARIA label, or a class name or id that
 * begins with one of WIDGET_WORDS). Only the beginning counts: Sphinx names a box by its title
 * ("admonition-social-1-think-about-if-and-how-you-share") and a section by its heading, and both are
 * the article's.
 */
export const WIDGET_SELECTORS = [
  "form",
  "dialog",
  "[role=dialog]",
  "[role=alertdialog]",
  "[role=search]",
  "[aria-label*=feedback i]",
  "[aria-label*=share i]",
  "[aria-label*=cookie i]",
  // A section's id is its heading's slug ("social-coding"), so ids count on other elements only.
  ...WIDGET_WORDS.flatMap((word) => [
    `[class^=${word} i]`,
    `[class*=" ${word}" i]`,
    `[id^=${word} i]:not(section)`,
  ]),
] as const;

/**
 * The permalink a site sets beside each heading ("¶" in Sphinx and mkdocs, an icon or "#" elsewhere): a
 * link to the heading itself, no word of it.
 */
export const PERMALINK_SELECTORS = [
  "a.headerlink",
  "a.anchor",
  "a.anchorjs-link",
  "a.header-anchor",
  "a.heading-anchor",
  "a.anchor-heading",
  "a.hash-link",
  "a.permalink",
] as const;

/** Icon fonts draw their glyphs at code points of the Private Use Area; such a glyph is never a word. */
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

/**
 * Headings of a feedback box set as an ordinary section ("Help ons deze pagina te verbeteren", "Was this
 * page helpful?"): the heading and what follows it up to the next heading are left out.
 */
export const FEEDBACK_HEADINGS = [
  /^help (ons|mee) (deze|de) (pagina|site|website) (te )?verbeteren/i,
  /^(was|is) (deze|this) (pagina|page|informatie|information|article|artikel) (nuttig|helpful|useful|duidelijk)/i,
  /^(heeft|had) (deze|this) (pagina|page)/i,
  /^(geef|deel) (je|uw) (mening|feedback)/i,
  /^(help us )?improve this (page|article|site)/i,
  /^(feedback|give feedback|send feedback|share (this|this page|this article)|delen|deel deze pagina)$/i,
] as const;

export function isFeedbackHeading(text: string): boolean {
  const words = text.replace(/\s+/g, " ").trim();
  return FEEDBACK_HEADINGS.some((pattern) => pattern.test(words));
}

/**
 * A box an article sets apart (an admonition or callout of Sphinx, MkDocs, Docusaurus, Quarto) carries
 * its title as a class ("admonition-social-1-think-about-if-and-how-you-share"); Readability takes a
 * word of it for a share or social widget and drops the box. Such title classes are taken off.
 */
const TITLE_CLASS = /^(?:admonition|callout)-(?!title$)/;

function withoutTitleClasses(document: Document): void {
  for (const box of Array.from(document.querySelectorAll("[class*=admonition-], [class*=callout-]"))) {
    const kept = Array.from(box.classList).filter((name) => !TITLE_CLASS.test(name));
    box.setAttribute("class", kept.join(" "));
  }
}

function removeWidgets(document: Document): void {
  for (const element of Array.from(document.querySelectorAll(WIDGET_SELECTORS.join(", "))))
    if (element !== document.body && element.tagName !== "HTML") element.remove();
  for (const heading of Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"))) {
    if (!heading.isConnected || !isFeedbackHeading(heading.textContent ?? "")) continue;
    const level = Number(heading.tagName.slice(1));
    let next = heading.nextElementSibling;
    while (next && !(HEADING.test(next.tagName) && Number(next.tagName.slice(1)) <= level)) {
      const after = next.nextElementSibling;
      next.remove();
      next = after;
    }
    heading.remove();
  }
}

/**
 * Reads the article out of a page with Readability. Its title is the level-1 heading; the article's own
 * headings follow below it (h1 and h2 at level 2, h3–h6 at their level). Every paragraph, list item,
 * caption and heading is a line and a paragraph start; captions have role `caption`.
 */
export function readWebPage(html: string): WebArticle {
  const { document } = parseHTML(html.replace(ICON_GLYPHS, ""));
  // A permalink is a mark ("¶", "#") or an icon; a link of these classes with words in it is kept.
  for (const link of Array.from(document.querySelectorAll(PERMALINK_SELECTORS.join(", "))))
    if ((link.textContent ?? "").trim().length <= 2) link.remove();
  // Readability takes the <title>, often with the site's name ("The water cycle | Earth Notes"); the
  // article's own first h1 is its title. Read it before Readability changes the document.
  const { title: ownTitle, siteNames } = pageTitles(document as unknown as Document);
  markCaptions(document as unknown as Document);
  withoutTitleClasses(document as unknown as Document);
  removeWidgets(document as unknown as Document);
  const article = new Readability(document as unknown as Document).parse();
  const text = normalizeLine(article?.textContent ?? "");
  if (!article?.content || text.length < MIN_ARTICLE_CHARS)
    throw new WebPageError("it has too little article text (is it behind a paywall or a login?)");
  const result: WebArticle = { lines: [], layout: emptyLayout() };
  const siteName = normalizeLine(article.siteName ?? "");
  const title =
    ownTitle || withoutSiteName(normalizeLine(article.title ?? ""), [...siteNames, siteName].filter(Boolean));
  if (title) addLine(result, title, 1);
  const { document: content } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
  readBlocks(content.body as unknown as Element, result, title !== "");
  // An author block Readability kept in the article (names, affiliations, e-mail addresses).
  markFrontMatter(result.lines, result.layout);
  return result;
}

/** The article's first h1 outside the site's own parts (one in the main content first), and the site's. */
function pageTitles(document: Document): { title: string; siteNames: string[] } {
  const h1s = Array.from(document.querySelectorAll("h1"));
  const isChrome = (h1: Element) => {
    const chrome = h1.closest(SITE_CHROME);
    return chrome !== null && chrome.closest(MAIN_CONTENT) === null;
  };
  const own = h1s.filter((h1) => !isChrome(h1));
  const first = own.find((h1) => h1.closest(MAIN_CONTENT) !== null) ?? own[0];
  return {
    title: normalizeLine(first?.textContent ?? ""),
    siteNames: h1s.filter(isChrome).map((h1) => normalizeLine(h1.textContent ?? "")),
  };
}

/** "Rivers | Earth Notes" → "Rivers" when "Earth Notes" is the site's name. */
function withoutSiteName(title: string, siteNames: readonly string[]): string {
  for (const name of siteNames) {
    for (const separator of [" | ", " - ", " – ", " — ", " · ", " :: ", " » "]) {
      if (title.endsWith(`${separator}${name}`)) return title.slice(0, -(separator.length + name.length));
      if (title.startsWith(`${name}${separator}`)) return title.slice(name.length + separator.length);
    }
  }
  return title;
}

function markCaptions(document: Document) {
  for (const element of Array.from(document.querySelectorAll(CAPTION_SELECTORS.join(", "))))
    element.setAttribute(CAPTION_MARK, "");
}

function isCaption(element: Element): boolean {
  return (
    element.hasAttribute(CAPTION_MARK) || element.tagName === "FIGCAPTION" || element.tagName === "CAPTION"
  );
}

function readBlocks(element: Element, article: WebArticle, hasTitle: boolean) {
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === 3) {
      // Text loose in a container (a <div> with text and no <p>) is a paragraph of its own.
      addLine(article, normalizeLine(node.textContent ?? ""));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    const heading = HEADING.exec(child.tagName);
    if (heading) {
      const level = Number(heading[1]);
      const text = normalizeLine(child.textContent ?? "");
      // Readability sometimes keeps the title in the article too; it is already line 0.
      if (hasTitle && article.lines.length === 1 && text === article.lines[0]) continue;
      addLine(article, text, hasTitle ? Math.max(2, level) : level);
    } else if (isCaption(child)) {
      addLine(article, normalizeLine(child.textContent ?? ""), undefined, "caption");
    } else if (TEXT_BLOCKS.has(child.tagName)) {
      addLine(article, normalizeLine(child.textContent ?? ""));
    } else if (child.tagName === "LI") {
      // A list item's own text, then the items of lists nested in it.
      const own = Array.from(child.childNodes).filter((part) => !LISTS.has((part as Element).tagName ?? ""));
      addLine(article, normalizeLine(own.map((part) => part.textContent ?? "").join("")), undefined, "list");
      for (const list of Array.from(child.children).filter((part) => LISTS.has(part.tagName)))
        readBlocks(list, article, hasTitle);
    } else {
      readBlocks(child, article, hasTitle);
    }
  }
}

function addLine(article: WebArticle, line: string, headingLevel?: number, role?: LineRole) {
  if (!line) return;
  const index = article.lines.length;
  article.lines.push(line);
  if (headingLevel) article.layout.headings.set(index, { level: headingLevel, end: index });
  else if (index > 0) article.layout.paragraphs.add(index);
  if (role) article.layout.roles.set(index, role);
}
