import { describe, expect, it } from "vitest";
import type { InternalRunStatus } from "../../worker/runs.ts";
import { apiStatus, CURRENT_API_VERSION, internalStatusesFor } from "./present.ts";

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

  it("maps list filters back to stored statuses", () => {
    expect(internalStatusesFor("QUEUED")).toEqual(["PENDING"]);
    expect(internalStatusesFor("COMPLETED")).toEqual(["COMPLETED_SUCCESSFULLY"]);
    expect(internalStatusesFor("FAILED")).toEqual(["COMPLETED_WITH_ERRORS"]);
    expect(internalStatusesFor("EXECUTING")).toEqual(["EXECUTING"]);
  });
});
