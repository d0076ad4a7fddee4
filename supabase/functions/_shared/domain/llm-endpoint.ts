// Generated from src/domain/llm-endpoint.ts by scripts/functions-domain.ts: edit that file, then run
// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).
/**
 * Where an organisation's language model may be reached from the server (docs/security.md, "An
 * organisation's language model"). An admin types the base URL; the test-llm-connection function and
 * the generation tasks then send requests there, so an address inside the deployment's own network
 * (loopback, private ranges, link-local metadata services) is refused unless the deployment allows it
 * with LLM_ALLOW_PRIVATE_NETWORK=true (the local stack and tests do: their stand-ins run on loopback).
 * Pure (zod only): the same rule runs in the edge function (Deno), the tasks (Node) and the browser.
 */

import { z } from "zod";

/** What content written without a language model names as its generator. */
export const OFFLINE_GENERATOR = "Offline generator";

/** The body of the test-llm-connection edge function (the settings screen's "Test connection"). */
export const testLlmConnectionBodySchema = z.object({
  entityId: z.uuid().describe("The organisation (public.core_entities.id); the caller must be its admin."),
  baseUrl: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .describe("OpenAI-compatible base URL, such as https://api.openai.com/v1."),
  model: z.string().trim().min(1).max(200).describe("The model to try."),
  apiKey: z
    .string()
    .max(4000)
    .optional()
    .describe("The key to try; omitted: the saved key, if the saved model has this base URL; '': no key."),
});
export type TestLlmConnectionBody = z.input<typeof testLlmConnectionBodySchema>;

export const testLlmConnectionAnswerSchema = z.object({
  ok: z.boolean().describe("Whether the endpoint answered as an OpenAI-compatible server with this model."),
  message: z.string().describe("A sentence for the admin."),
});
export type TestLlmConnectionAnswer = z.infer<typeof testLlmConnectionAnswerSchema>;

export const ALLOW_PRIVATE_NETWORK_VARIABLE = "LLM_ALLOW_PRIVATE_NETWORK";

/** Whether the deployment lets organisation models live on private or loopback addresses. */
export function privateNetworkAllowed(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === "true";
}

/** The base URL's host, or a sentence saying why the URL cannot be used at all. */
export function parseEndpoint(baseUrl: string): { url: URL; host: string } | { refusal: string } {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return { refusal: "The base URL is not a valid address." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { refusal: "The base URL must start with https:// or http://." };
  }
  if (url.username || url.password) {
    return { refusal: "Put the key in the API key field, not in the base URL." };
  }
  return { url, host: url.hostname.replace(/^\[|\]$/g, "").toLowerCase() };
}

/**
 * Why a host name may not be used when private networks are not allowed, or null. Names that only a
 * local resolver knows (localhost, single labels such as a container name, .local, .internal) are
 * refused by name; literal addresses by range. Names that resolve to addresses are checked again by
 * the caller, address by address, with `nonPublicAddress`.
 */
export function nonPublicHostName(host: string): string | null {
  if (isIpLiteral(host)) return nonPublicAddress(host) ? PRIVATE_ADDRESS : null;
  const name = host.replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return PRIVATE_ADDRESS;
  if (!name.includes(".")) return PRIVATE_ADDRESS;
  if (/\.(local|internal|lan|home|intranet|corp)$/.test(name)) return PRIVATE_ADDRESS;
  return null;
}

export const PRIVATE_ADDRESS =
  "This address is on a private or local network, which this deployment does not allow for language models.";

function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== null || parseIpv6(host) !== null;
}

/** Whether an IP address (v4 or v6, as text) is anything but a public unicast address. */
export function nonPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return nonPublicIpv4(v4);
  const v6 = parseIpv6(address);
  if (!v6) return true; // not an address we can judge: refuse
  return nonPublicIpv6(v6);
}

/** IPv4 ranges that are not public unicast (RFC 6890 special-purpose registry). */
const IPV4_NON_PUBLIC: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function nonPublicIpv4(octets: readonly number[]): boolean {
  const value = ipv4Value(octets);
  return IPV4_NON_PUBLIC.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (value & mask) >>> 0 === (ipv4Value(parseIpv4(base) ?? []) & mask) >>> 0;
  });
}

function ipv4Value(octets: readonly number[]): number {
  return octets.reduce((value, octet) => (value * 256 + octet) >>> 0, 0);
}

function nonPublicIpv6(words: readonly number[]): boolean {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  const embeddedV4 = [w6 >> 8, w6 & 0xff, w7 >> 8, w7 & 0xff];
  const zeroPrefix = w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0;
  if (zeroPrefix && w5 === 0 && w6 === 0 && (w7 === 0 || w7 === 1)) return true; // :: and ::1
  if (zeroPrefix && (w5 === 0xffff || w5 === 0)) return nonPublicIpv4(embeddedV4); // mapped, compatible
  if (w0 === 0x64 && w1 === 0xff9b) return nonPublicIpv4(embeddedV4); // NAT64
  if ((w0 & 0xfe00) === 0xfc00) return true; // unique local
  if ((w0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((w0 & 0xff00) === 0xff00) return true; // multicast
  if (w0 === 0x2001 && w1 === 0x0db8) return true; // documentation
  if (w0 === 0x0100 && w1 === 0 && w2 === 0 && w3 === 0) return true; // discard
  return false;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return octets.every((octet) => Number.isInteger(octet) && octet <= 255) ? octets : null;
}

/** Eight 16-bit words, or null; accepts "::" shortening and a dotted IPv4 tail. */
function parseIpv6(text: string): number[] | null {
  const address = text.split("%")[0] ?? "";
  if (!address.includes(":")) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const words = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const result: number[] = [];
    for (const [index, group] of half.split(":").entries()) {
      const last = index === half.split(":").length - 1;
      const v4 = last ? parseIpv4(group) : null;
      if (v4) result.push((v4[0] ?? 0) * 256 + (v4[1] ?? 0), (v4[2] ?? 0) * 256 + (v4[3] ?? 0));
      else if (/^[0-9a-f]{1,4}$/i.test(group)) result.push(Number.parseInt(group, 16));
      else return null;
    }
    return result;
  };
  const head = words(halves[0]);
  const tail = words(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}
