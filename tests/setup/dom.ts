import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
// The app loads the membership row schemas (zod) lazily, beside the memberships request. In a browser
// that is one chunk; under Vitest it is the first transform of zod's ~100 modules, which would land
// inside a test's one-second findBy window. Load it with the setup instead, as the static imports were.
import "../../src/lib/auth/membership-rows";
import { clearEarlyReads } from "../../src/lib/early-reads";

// findBy/waitFor poll until the element appears; their default one-second limit is shorter than the
// first transform of a lazily loaded route on a loaded CI machine. A longer limit waits no longer when
// the screen is quick; it only stops a slow machine from failing a correct screen.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// Early reads are per page load; one test's must never reach the next.
afterEach(() => clearEarlyReads());
