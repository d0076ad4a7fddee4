import { describe, expect, it } from "vitest";
import { DAILY_LIMIT_MESSAGE } from "@/domain/ask.ts";
import { EdgeFunctionError } from "@/lib/edge-function";
import type { AskExchange } from "./api.ts";
import { askErrorMessage } from "./api.ts";
import { GIVE_UP_MS, isWaiting } from "./use-conversation.ts";

describe("askErrorMessage: what the learner reads when asking fails", () => {
  it.each([
    {
      name: "the daily limit (429), in the screen's words",
      error: new EdgeFunctionError("Question limit reached", 429),
      text: DAILY_LIMIT_MESSAGE,
    },
    {
      name: "a refusal with the server's sentence",
      error: new EdgeFunctionError("Topic not found", 404),
      text: "Topic not found",
    },
    {
      name: "a failure without a sentence",
      error: new EdgeFunctionError("", 502),
      text: "Failed to ask. Try again.",
    },
    { name: "anything else", error: new Error("fetch failed"), text: "Failed to ask. Try again." },
  ])("$name", ({ error, text }) => {
    expect(askErrorMessage(error)).toBe(text);
  });
});

describe("isWaiting: whether the screen still waits for an answer", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  const exchange = (status: AskExchange["status"], ageMs: number): AskExchange => ({
    id: "q",
    question: "Why?",
    status,
    askedAt: new Date(now - ageMs).toISOString(),
    answer: null,
  });
  it.each([
    { name: "a question just asked", item: exchange("pending", 1_000), waiting: true },
    {
      name: "a question pending for almost two minutes",
      item: exchange("pending", GIVE_UP_MS - 1),
      waiting: true,
    },
    {
      name: "a question pending longer (its run was lost)",
      item: exchange("pending", GIVE_UP_MS),
      waiting: false,
    },
    { name: "an answered question", item: exchange("answered", 1_000), waiting: false },
    { name: "a failed question", item: exchange("failed", 1_000), waiting: false },
  ])("$name", ({ item, waiting }) => {
    expect(isWaiting(item, now)).toBe(waiting);
  });
});
