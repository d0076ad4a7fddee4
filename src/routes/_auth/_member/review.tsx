import { createFileRoute } from "@tanstack/react-router";
import { PracticeCardItem } from "@/features/microlearning/practice-card";
import { ReviewScreen } from "@/features/review/review-screen";

/**
 * /review: the learner's due practice cards across topics (docs/decisions.md "The review queue"). The
 * route joins the two features: the queue, shown with the practice phase's card. Its code loads only when
 * it is opened (the router splits route components).
 */
export const Route = createFileRoute("/_auth/_member/review")({
  component: ReviewRoute,
});

function ReviewRoute() {
  return <ReviewScreen Card={PracticeCardItem} />;
}
