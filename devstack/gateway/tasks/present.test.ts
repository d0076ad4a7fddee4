import { describe, expect, it } from "vitest";
import type { InternalRunStatus } from "../../worker/runs.ts";
import { apiStatus, CURRENT_API_VERSION, storedStatusesShownAs } from "./present.ts";

/** The webapp's apiStatusFromRunStatus (versioned and unversioned) for every stored status. */
const EXPECTED: Record<InternalRunStatus, [current: string, unversioned: string]> = {
  PENDING: ["QUEUED", "QUEUED"],
  PENDING_VERSION: ["PENDING_VERSION", "PENDING_VERSION"],
  DELAYED: ["DELAYED", "DELAYED"],
  DEQUEUED: ["DEQUEUED", "EXECUTING"],
  EXECUTING: ["EXECUTING", "EXECUTING"],
  RETRYING_AFTER_FAILURE: ["EXECUTING", "REATTEMPTING"],
  WAITING_TO_RESUME: ["WAITING", "FROZEN"],
  COMPLETED_SUCCESSFULLY: ["COMPLETED", "COMPLETED"],
  COMPLETED_WITH_ERRORS: ["FAILED", "FAILED"],
  CANCELED: ["CANCELED", "CANCELED"],
  SYSTEM_FAILURE: ["SYSTEM_FAILURE", "SYSTEM_FAILURE"],
  CRASHED: ["CRASHED", "CRASHED"],
  EXPIRED: ["EXPIRED", "EXPIRED"],
  TIMED_OUT: ["TIMED_OUT", "TIMED_OUT"],
  INTERRUPTED: ["FAILED", "INTERRUPTED"],
};

describe("apiStatus", () => {
  it.each(Object.entries(EXPECTED))("shows %s as %j", (status, [current, unversioned]) => {
    expect(apiStatus(status as InternalRunStatus, CURRENT_API_VERSION)).toBe(current);
    expect(apiStatus(status as InternalRunStatus, undefined)).toBe(unversioned);
  });
});

describe("storedStatusesShownAs", () => {
  const shownAs = (statuses: string[], version: string | undefined) =>
    storedStatusesShownAs(statuses, version).sort();

  it.each([CURRENT_API_VERSION, undefined])(
    "matches exactly the stored statuses shown with the filtered names (API version %s)",
    (version) => {
      for (const filter of new Set(Object.values(EXPECTED).flat())) {
        const shownAsFilter = Object.entries(EXPECTED)
          .filter(([, [current, unversioned]]) => (version ? current : unversioned) === filter)
          .map(([status]) => status)
          .sort();
        expect(shownAs([filter], version), filter).toEqual(shownAsFilter);
      }
    },
  );

  it("finds a run between retries under EXECUTING today, and under REATTEMPTING unversioned", () => {
    expect(shownAs(["EXECUTING"], CURRENT_API_VERSION)).toEqual(["EXECUTING", "RETRYING_AFTER_FAILURE"]);
    expect(shownAs(["EXECUTING"], undefined)).toEqual(["DEQUEUED", "EXECUTING"]);
    expect(shownAs(["REATTEMPTING"], undefined)).toEqual(["RETRYING_AFTER_FAILURE"]);
    expect(shownAs(["FAILED", "QUEUED"], CURRENT_API_VERSION)).toEqual([
      "COMPLETED_WITH_ERRORS",
      "INTERRUPTED",
      "PENDING",
    ]);
    expect(shownAs(["REATTEMPTING", "NO_SUCH_STATUS"], CURRENT_API_VERSION)).toEqual([]);
  });
});
