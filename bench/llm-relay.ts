import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type ChatRequest, startOpenAiStandIn } from "../trigger/generation/fixtures/openai-stand-in.ts";

/**
 * An OpenAI-compatible endpoint whose answers come from outside the process: each chat request is
 * written to `<dir>/requests/<n>.json` (the messages and the JSON schema asked for), and the answer is
 * read from `<dir>/answers/<n>.json` once it appears (the assistant's message content, as text). A
 * person or a capable model answers the files, seeing only the requests, never the product's code: the
 * measured read of the LLM path (bench/course-read.ts --relay <dir>).
 */
export async function startRelay(dir: string) {
  mkdirSync(join(dir, "requests"), { recursive: true });
  mkdirSync(join(dir, "answers"), { recursive: true });
  return startOpenAiStandIn(
    async (request: ChatRequest) => {
      const { messages, response_format } = request.body;
      const id = requestId(dir, { messages, schema: response_format?.json_schema ?? null });
      const answer = join(dir, "answers", `${id}.json`);
      while (!existsSync(answer)) await sleep(1000);
      await sleep(200); // the writer's last bytes
      return { content: readFileSync(answer, "utf8") };
    },
    // An answer written by hand takes minutes: longer than fetch waits for a silent server.
    { keepAliveMs: 30_000 },
  );
}

/**
 * The file number of a request: that of an identical request already in the folder (a retry, or a run
 * started again over the same folder, answered once), else the next free one.
 */
function requestId(dir: string, request: { messages: unknown; schema: unknown }): string {
  const folder = join(dir, "requests");
  const names = readdirSync(folder).filter((name) => name.endsWith(".json"));
  for (const name of names) {
    const known = JSON.parse(readFileSync(join(folder, name), "utf8"));
    if (JSON.stringify([known.messages, known.schema]) === JSON.stringify([request.messages, request.schema]))
      return known.id;
  }
  const id = String(names.length + 1).padStart(3, "0");
  writeFileSync(join(folder, `${id}.json`), JSON.stringify({ id, ...request }, null, 2));
  return id;
}
