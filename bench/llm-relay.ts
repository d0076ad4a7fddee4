import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
  let count = 0;
  return startOpenAiStandIn(async (request: ChatRequest) => {
    const id = String(++count).padStart(3, "0");
    const { messages, response_format } = request.body;
    writeFileSync(
      join(dir, "requests", `${id}.json`),
      JSON.stringify({ id, messages, schema: response_format?.json_schema ?? null }, null, 2),
    );
    const answer = join(dir, "answers", `${id}.json`);
    while (!existsSync(answer)) await sleep(1000);
    await sleep(200); // the writer's last bytes
    return { content: readFileSync(answer, "utf8") };
  });
}
