import { z } from "zod";
import { askSourcesAnswerSchema, askSourcesBodySchema } from "./ask.ts";
import { inviteMemberAnswerSchema, inviteMemberBodySchema } from "./invitation.ts";
import { testLlmConnectionAnswerSchema, testLlmConnectionBodySchema } from "./llm-endpoint.ts";
import { structureSchema } from "./structure.ts";
import { generationTaskSchema } from "./tasks.ts";

/**
 * The edge functions as an API for other tools: each function's request body and answer, as the
 * functions in supabase/functions/<name>/index.ts read and write them. docs/api/edge-functions.openapi.json
 * is generated from these (`npm run api:docs`); tests/functions/contract.test.ts checks the running
 * functions against them.
 */

const topicId = z.uuid().describe("The topic (public.topics.id).");

export const errorAnswerSchema = z
  .object({
    error: z.string().describe("What went wrong, written for the caller."),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("For a malformed body (400): each field the body got wrong."),
  })
  .describe(
    "Every refusal: 400 bad body, 401 no or invalid user token, 403 not allowed, 404 unknown topic or episode, 405 not POST, 409 conflict, 429 over a generation or invitation limit, 502 Trigger.dev unreachable.",
  );

export interface EdgeFunctionContract {
  summary: string;
  description: string;
  body: z.ZodType;
  answer: z.ZodType;
  /** Refusals besides 400, 401 and 405, which every function can answer. */
  refusals: Record<number, string>;
}

export const EDGE_FUNCTIONS = {
  "auth-trigger-dev": {
    summary: "A one-time trigger token and generation grant for one task on one topic",
    description:
      "Counts a generation against the caller's limits and returns a public Trigger.dev token that may trigger `taskName` once, with the grant (a short-lived JWT binding user, topic and task) the task's payload must carry. The structure task's token goes only to the caller whose start moved the topic to generating.",
    body: z.object({ taskName: generationTaskSchema, topicId }),
    answer: z.object({
      token: z.string().describe("Public Trigger.dev trigger token for this one task."),
      grant: z.string().describe("The generation grant to put in the task payload."),
    }),
    refusals: { 403: "The caller may not generate for this topic.", 429: "Over a generation limit." },
  },
  "start-structure-generation": {
    summary: "Start generating a pending topic's structure",
    description:
      "Moves a pending topic to generating_structure as the caller and starts the structure task. Only the call whose conditional transition wins starts a run: every other call answers `started: false`.",
    body: z.object({ topicId }),
    answer: z.object({
      started: z.boolean().describe("Whether this call started the run."),
      runId: z.string().optional().describe("The Trigger.dev run, when started."),
    }),
    refusals: {
      403: "The caller may not manage this topic.",
      429: "Over a generation limit.",
      502: "Trigger.dev did not take the run.",
    },
  },
  "accept-structure": {
    summary: "Accept a reviewed structure",
    description:
      "Saves the reviewed structure and completes the topic, as the caller (RPC accept_structure).",
    body: z.object({ topicId, structure: structureSchema }),
    answer: z.object({ accepted: z.literal(true) }),
    refusals: {
      403: "The caller may not manage this topic.",
      404: "No such topic.",
      409: "The topic is not awaiting review.",
    },
  },
  "regenerate-structure": {
    summary: "Generate another variant of a topic's structure",
    description:
      "Clears the structure as the caller and starts the structure task for the next variant, so the new structure differs from the old.",
    body: z.object({ topicId }),
    answer: z.object({
      runId: z.string().describe("The Trigger.dev run."),
      variant: z.number().int().nonnegative().describe("Which variant is being generated (0 was the first)."),
    }),
    refusals: {
      403: "The caller may not manage this topic.",
      409: "A structure is still being generated.",
      429: "Over a generation limit.",
      502: "Trigger.dev did not take the run.",
    },
  },
  "invite-member": {
    summary: "Invite an e-mail address to an organisation and mail the invitation",
    description:
      "Writes an open invitation as the caller (RPC invite_member: active admins only, at most 50 a day per admin) and starts the task that mails it through the project's SMTP server. The mail names the organisation and the inviter and links to the settings screen, where the invitee accepts after signing in. A repeated call for the same invitation within the hour sends no second mail.",
    body: inviteMemberBodySchema,
    answer: inviteMemberAnswerSchema,
    refusals: {
      403: "The caller is not an active admin of the organisation.",
      409: "The address already belongs to an active member.",
      429: "Over the daily invitation limit.",
      502: "The invitation was saved but its mail could not be started.",
    },
  },
  "render-episode-audio": {
    summary: "Record an episode's audio again from its current script",
    description:
      "For the topic's content managers, after editing a recap episode's script: counts the render against the caller's generation limits and starts the render task, which records every turn through the configured speech provider (else the offline engine) and replaces the stored audio. The answer names the run and carries a token that may only read that run.",
    body: z.object({ episodeId: z.uuid().describe("The recap episode (public.activities.id).") }),
    answer: z.object({
      runId: z.string().describe("The Trigger.dev run."),
      publicAccessToken: z.string().describe("A Trigger.dev token that may read this run only."),
    }),
    refusals: {
      403: "The caller may not manage the episode's topic.",
      404: "No such episode, or one the caller cannot read.",
      429: "Over a generation limit.",
      502: "Trigger.dev did not take the run.",
    },
  },
  "test-llm-connection": {
    summary: "Test an OpenAI-compatible endpoint for an organisation's language model",
    description:
      "For an organisation's active admins: asks the endpoint, from the server with a 10-second timeout, whether it serves the model (`GET /models`, else a one-token chat completion) and answers with a sentence. Without `apiKey` the saved key is tried, only against the base URL it was saved for. Addresses on private or loopback networks are refused unless the deployment sets LLM_ALLOW_PRIVATE_NETWORK=true.",
    body: testLlmConnectionBodySchema,
    answer: testLlmConnectionAnswerSchema,
    refusals: {
      403: "The caller is not an active admin of the organisation.",
    },
  },
  "ask-sources": {
    summary: "Ask a question of a topic's sources",
    description:
      "For active members of the topic's organisation: records the question in the caller's private conversation (public.ask_question, at most 50 a day) and starts the answer-question task, which answers from the topic's lines only, every sentence's citation verified (docs/ask.md). The answer appears in public.ask_messages, readable by the caller alone.",
    body: askSourcesBodySchema,
    answer: askSourcesAnswerSchema,
    refusals: {
      404: "No such topic, or not one of the caller's organisation.",
      429: "Over the daily question limit.",
      502: "Trigger.dev did not take the run.",
    },
  },
} as const satisfies Record<string, EdgeFunctionContract>;

export type EdgeFunctionName = keyof typeof EDGE_FUNCTIONS;

/** The OpenAPI 3.1 document of the edge functions (JSON Schema 2020-12 from the zod schemas). */
export function edgeFunctionsOpenApi(): Record<string, unknown> {
  const schema = (type: z.ZodType) => z.toJSONSchema(type, { target: "draft-2020-12", io: "input" });
  const error = { $ref: "#/components/schemas/Error" };
  const paths = Object.fromEntries(
    Object.entries(EDGE_FUNCTIONS).map(([name, contract]: [string, EdgeFunctionContract]) => {
      const refusals = {
        400: "Malformed JSON or a body that does not match.",
        401: "No or invalid user token.",
        405: "Not a POST.",
        ...contract.refusals,
      };
      return [
        `/${name}`,
        {
          post: {
            operationId: name,
            summary: contract.summary,
            description: contract.description,
            requestBody: {
              required: true,
              content: { "application/json": { schema: schema(contract.body) } },
            },
            responses: {
              200: {
                description: "Done.",
                content: { "application/json": { schema: schema(contract.answer) } },
              },
              ...Object.fromEntries(
                Object.entries(refusals).map(([status, description]) => [
                  status,
                  { description, content: { "application/json": { schema: error } } },
                ]),
              ),
            },
          },
        },
      ];
    }),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Studymap edge functions",
      version: "1",
      description:
        "Supabase Edge Functions of Studymap. Every call is a POST with a JSON body, made as a signed-in user: `Authorization: Bearer <the user's access token from Supabase Auth>` and `apikey: <the project's anon key>`. The functions act as that user, so row-level security decides what they may touch. See docs/api.md.",
    },
    servers: [
      {
        url: "https://{project}.supabase.co/functions/v1",
        variables: { project: { default: "your-project-ref" } },
      },
      { url: "http://127.0.0.1:54321/functions/v1", description: "npm start and supabase start" },
    ],
    security: [{ userToken: [], apiKey: [] }],
    paths,
    components: {
      schemas: { Error: schema(errorAnswerSchema) },
      securitySchemes: {
        userToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A user's access token from Supabase Auth (/auth/v1/token or /auth/v1/verify).",
        },
        apiKey: { type: "apiKey", in: "header", name: "apikey", description: "The project's anon key." },
      },
    },
  };
}
