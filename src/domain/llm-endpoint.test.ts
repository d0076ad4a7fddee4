import { describe, expect, it } from "vitest";
import {
  nonPublicAddress,
  nonPublicHostName,
  PRIVATE_ADDRESS,
  parseEndpoint,
  privateNetworkAllowed,
} from "./llm-endpoint.ts";

describe("nonPublicAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.255.0.9", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["172.32.0.1", false],
    ["192.168.1.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["100.128.0.1", false],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["104.18.6.192", false],
    ["::1", true],
    ["::", true],
    ["fe80::1", true],
    ["fd12:3456::1", true],
    ["ff02::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:8.8.8.8", false],
    ["64:ff9b::a00:1", true],
    ["2001:db8::1", true],
    ["2606:4700::6812:6c0", false],
    ["2a00:1450:4001:80b::200e", false],
    ["not-an-address", true],
    ["1:2:3:4:5:6:7:8:9", true],
  ])("%s → %s", (address, expected) => {
    expect(nonPublicAddress(address)).toBe(expected);
  });
});

describe("nonPublicHostName", () => {
  it.each([
    ["localhost", PRIVATE_ADDRESS],
    ["api.localhost", PRIVATE_ADDRESS],
    ["ollama", PRIVATE_ADDRESS],
    ["gpu-box.local", PRIVATE_ADDRESS],
    ["metadata.google.internal", PRIVATE_ADDRESS],
    ["127.0.0.1", PRIVATE_ADDRESS],
    ["::1", PRIVATE_ADDRESS],
    ["api.openai.com", null],
    ["api.openai.com.", null],
    ["8.8.8.8", null],
  ])("%s", (host, expected) => {
    expect(nonPublicHostName(host)).toBe(expected);
  });
});

describe("parseEndpoint", () => {
  it.each([
    ["https://api.openai.com/v1", { host: "api.openai.com" }],
    ["http://[::1]:8080/v1", { host: "::1" }],
    [" http://LOCALHOST:11434/v1 ", { host: "localhost" }],
    ["ftp://example.com", { refusal: "The base URL must start with https:// or http://." }],
    ["https://user:sk@example.com/v1", { refusal: "Put the key in the API key field, not in the base URL." }],
    ["no url", { refusal: "The base URL is not a valid address." }],
  ])("%s", (baseUrl, expected) => {
    const parsed = parseEndpoint(baseUrl);
    expect("refusal" in parsed ? { refusal: parsed.refusal } : { host: parsed.host }).toEqual(expected);
  });
});

describe("privateNetworkAllowed", () => {
  it.each([
    ["true", true],
    [" TRUE ", true],
    ["1", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (value, expected) => {
    expect(privateNetworkAllowed(value)).toBe(expected);
  });
});
