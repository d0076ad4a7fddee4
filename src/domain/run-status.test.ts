import { describe, expect, it } from "vitest";
import {
  RUN_STATUSES,
  type RunStatus,
  runState,
  runStatusFlags,
  runStatusSchema,
  toRunStatus,
} from "./run-status";

type Flag = "queued" | "waiting" | "executing" | "failed" | "success" | "cancelled" | "completed";

/** docs/product.md §4, one row per status: the flags that are true for it (all others are false). */
const EXPECTED_FLAGS: Record<RunStatus, Flag[]> = {
  QUEUED: ["queued"],
  PENDING_VERSION: ["queued"],
  DELAYED: ["queued"],
  WAITING: ["waiting"],
  DEQUEUED: ["executing"],
  EXECUTING: ["executing"],
  COMPLETED: ["success", "completed"],
  CANCELED: ["cancelled"],
  FAILED: ["failed", "completed"],
  CRASHED: ["failed", "completed"],
  SYSTEM_FAILURE: ["failed", "completed"],
  EXPIRED: ["failed", "completed"],
  TIMED_OUT: ["failed", "completed"],
};

const ALL_FLAGS: Flag[] = ["queued", "waiting", "executing", "failed", "success", "cancelled", "completed"];

function flagsOf(trueFlags: Flag[]): Record<Flag, boolean> {
  return Object.fromEntries(ALL_FLAGS.map((flag) => [flag, trueFlags.includes(flag)])) as Record<
    Flag,
    boolean
  >;
}

describe("run status mapping (docs/product.md §4)", () => {
  it("lists exactly the thirteen statuses of the spec", () => {
    expect([...RUN_STATUSES].sort()).toEqual(Object.keys(EXPECTED_FLAGS).sort());
  });

  it.each(RUN_STATUSES)("maps %s to itself", (status) => {
    expect(toRunStatus(status)).toBe(status);
    expect(runStatusSchema.parse(status)).toBe(status);
  });

  it.each(RUN_STATUSES)("derives the flags of %s", (status) => {
    expect(runStatusFlags(status)).toEqual(flagsOf(EXPECTED_FLAGS[status]));
    expect(runState(status)).toEqual({ status, ...flagsOf(EXPECTED_FLAGS[status]) });
  });

  it.each([
    ["PENDING", "QUEUED"],
    ["WAITING_FOR_DEPLOY", "PENDING_VERSION"],
    ["PAUSED", "WAITING"],
    ["WAITING_TO_RESUME", "WAITING"],
    ["RETRYING_AFTER_FAILURE", "EXECUTING"],
    ["COMPLETED_SUCCESSFULLY", "COMPLETED"],
    ["COMPLETED_WITH_ERRORS", "FAILED"],
    ["INTERRUPTED", "FAILED"],
  ] as const)("maps the task service's internal status %s to %s", (internal, status) => {
    expect(toRunStatus(internal)).toBe(status);
  });

  it("counts PENDING as queued", () => {
    expect(runStatusFlags("PENDING")).toEqual(flagsOf(["queued"]));
  });

  it.each([["SOMETHING_NEW"], ["queued"], [""], [null], [undefined], [42], [{ status: "COMPLETED" }]])(
    "maps the unknown value %j to QUEUED, flagged queued",
    (value) => {
      expect(toRunStatus(value)).toBe("QUEUED");
      expect(runStatusSchema.parse(value)).toBe("QUEUED");
      expect(runState(value)).toEqual({ status: "QUEUED", ...flagsOf(["queued"]) });
    },
  );

  it("treats a run as completed when it succeeded or failed, not when it was cancelled", () => {
    const completed = RUN_STATUSES.filter((status) => runStatusFlags(status).completed);
    expect(completed).toEqual(["COMPLETED", "FAILED", "CRASHED", "SYSTEM_FAILURE", "EXPIRED", "TIMED_OUT"]);
  });
});
