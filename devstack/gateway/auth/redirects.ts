import { isIP } from "node:net";

/**
 * The URL auth sends a browser back to: `redirect_to`, else the Referer, when GoTrue would accept it,
 * else the site URL. GoTrue accepts the site URL's host and scheme (any port on localhost), loopback
 * IP addresses, and the additional redirect URL patterns.
 */
export function chooseRedirect(
  siteUrl: string,
  allowList: string[],
  candidates: Array<string | undefined | null>,
): string {
  return (
    candidates.find((candidate) => candidate && isAllowedRedirect(siteUrl, allowList, candidate)) ?? siteUrl
  );
}

function isAllowedRedirect(siteUrl: string, allowList: string[], redirect: string): boolean {
  const site = URL.parse(siteUrl);
  const target = URL.parse(redirect);
  if (!site || !target) return false;
  const hostname = target.hostname.replace(/^\[|\]$/g, "");
  if (
    site.hostname === target.hostname &&
    site.protocol === target.protocol &&
    (site.port === target.port || hostname === "localhost")
  ) {
    return true;
  }
  if (/^[0-9]+$/.test(hostname)) return false;
  if (isIP(hostname)) return isLoopback(hostname);
  const withoutFragment = redirect.split("#")[0] ?? "";
  return allowList.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

function isLoopback(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.");
}

/** GoTrue's allow-list globs: `**` matches anything, `*` anything but `.` and `/`. */
function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^./]*"),
    )
    .join(".*");
  return new RegExp(`^${source}$`);
}
