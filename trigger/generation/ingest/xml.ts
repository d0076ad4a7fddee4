import { XMLParser } from "fast-xml-parser";

/**
 * A parsed XML element in document order (fast-xml-parser's `preserveOrder` form): order matters in
 * Office XML, where runs, breaks and shapes are read in the order they are written.
 */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  // Spaces at a run's edges are part of the text ("<a:t>Hello </a:t><a:t>world</a:t>").
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

/** The top-level nodes of an XML document. */
export function parseXml(xml: string): XmlNode[] {
  return parser.parse(xml) as XmlNode[];
}

/** An element's qualified name ("p:sp"), or "#text" for text. */
export function nameOf(node: XmlNode): string {
  return Object.keys(node).find((key) => key !== ":@") ?? "";
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const children = node[nameOf(node)];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

export function attributesOf(node: XmlNode): Record<string, string> {
  return (node[":@"] as Record<string, string> | undefined) ?? {};
}

/** The element's direct children with this name. */
export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return childrenOf(node).filter((child) => nameOf(child) === name);
}

/** The first direct child with this name. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node ? childrenOf(node).find((entry) => nameOf(entry) === name) : undefined;
}

/** The first element with this name at any depth, in document order. */
export function descendant(nodes: readonly XmlNode[], name: string): XmlNode | undefined {
  for (const node of nodes) {
    if (nameOf(node) === name) return node;
    const found = descendant(childrenOf(node), name);
    if (found) return found;
  }
  return undefined;
}

/** Every element with this name at any depth, in document order (not looking inside a match). */
export function descendants(nodes: readonly XmlNode[], name: string): XmlNode[] {
  return nodes.flatMap((node) => (nameOf(node) === name ? [node] : descendants(childrenOf(node), name)));
}

/** The concatenated text of an element's text nodes (not of its descendants). */
export function ownText(node: XmlNode): string {
  return childrenOf(node)
    .map((entry) => (nameOf(entry) === "#text" ? String(entry["#text"]) : ""))
    .join("");
}
