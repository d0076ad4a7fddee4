import type { MiddlewareHandler } from "hono";

/**
 * The guard of the gateway's local-only pages (the inbox holds every account's sign-in codes). The
 * gateway's origin also serves stored objects, and a browser may open one as a document; objects are
 * served sandboxed (storage/serve.ts), so such a document has an opaque origin, and every request it
 * makes carries `Origin: null` (when it reads an answer) or `Sec-Fetch-Site: cross-site`. Other sites
 * open in the developer's browser look the same. Answered:
 * - requests without an Origin from outside a browser (tests, curl) and the page's own navigations;
 * - requests whose Origin is the gateway itself or the web client (siteUrl);
 * refused with 403: any other Origin (`null` included), any cross-site request, and same-site requests
 * (another port on this machine) that do not come from the web client.
 */
export function localOnlyGuard(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const refusal = refuse(c.req.header("origin"), c.req.header("sec-fetch-site"), allowedOrigins);
    if (refusal) {
      // The answer names the reason only: the page's content is what must not leave.
      return c.json(
        { error: `The local inbox answers this machine's tools and the web client only: ${refusal}` },
        403,
        {
          ...LOCAL_ONLY_HEADERS,
          vary: "Origin, Sec-Fetch-Site",
        },
      );
    }
    await next();
    for (const [name, value] of Object.entries(LOCAL_ONLY_HEADERS)) c.res.headers.set(name, value);
    c.res.headers.append("vary", "Origin, Sec-Fetch-Site");
  };
}

/** Why a request is refused, or null when it may be answered. */
export function refuse(
  origin: string | undefined,
  fetchSite: string | undefined,
  allowedOrigins: readonly string[],
): string | null {
  const allowedOrigin = origin !== undefined && allowedOrigins.includes(origin);
  if (origin !== undefined && !allowedOrigin) return `requests from origin ${origin} are refused`;
  if (fetchSite === "cross-site") return "cross-site requests are refused";
  if (fetchSite === "same-site" && !allowedOrigin) return "same-site requests from other pages are refused";
  return null;
}

/**
 * On every answer: no other page may frame it (so it cannot be overlaid or read through a frame), no
 * other origin may load it as a resource (a script or image tag reading it without CORS), nothing is
 * cached, and the browser never guesses its type.
 */
const LOCAL_ONLY_HEADERS = {
  "x-frame-options": "DENY",
  "content-security-policy": "frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};
