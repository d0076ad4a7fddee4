import { PAYLOAD_SCHEMAS, type Question } from "@/domain/activity-payload.ts";
import { diagnosticSeeds, subtopicVerdicts } from "@/domain/diagnostic-seeding.ts";
import type { Answers } from "@/domain/microlearning.ts";
import type { StudymapClient } from "@/lib/database";
import { unwrap } from "@/lib/query";
import { fetchActivity, fetchCardStates } from "./api.ts";

/**
 * docs/decisions.md "The diagnostic seeds spaced repetition": after a diagnostic, the cards of the
 * chapter's practice activity whose subtopic it assessed get their first schedule (the rule is in
 * src/domain/diagnostic-seeding.ts). `seed_practice_card_states` writes them as the learner, under the
 * table's row-level security, and never over a card the learner already reviewed. Answers the number
 * of cards written.
 */
export async function seedPracticeFromDiagnostic(
  client: StudymapClient,
  input: { chapterId: string; userId: string; questions: readonly Question[]; answers: Answers },
): Promise<number> {
  const practice = await fetchActivity(client, input.chapterId, "practice");
  const payload = practice ? PAYLOAD_SCHEMAS.practice.safeParse(practice.payload) : null;
  if (!practice || !payload?.success) return 0;
  const existing = await fetchCardStates(client, [practice.id], input.userId);
  const states = new Map(
    Object.entries(existing).map(([key, card]) => [key.slice(practice.id.length + 1), card]),
  );
  const seeds = diagnosticSeeds(
    payload.data.cards,
    subtopicVerdicts(input.questions, input.answers),
    states,
    new Date(),
  );
  if (seeds.length === 0) return 0;
  const written = unwrap(
    await client.rpc("seed_practice_card_states", {
      p_activity_id: practice.id,
      p_states: seeds.map((seed) => ({ card_id: seed.cardId, card: seed.card })),
    }),
  );
  return written ?? 0;
}
