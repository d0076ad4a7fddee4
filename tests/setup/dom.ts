import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
// The app loads the membership row schemas (zod) lazily, beside the memberships request. In a browser
// that is one chunk; under Vitest it is the first transform of zod's ~100 modules, which would land
// inside a test's one-second findBy window. Load it with the setup instead, as the static imports were.
import "../../src/lib/auth/membership-rows";
import { clearPrefetched } from "../../src/lib/prefetch";

afterEach(() => cleanup());

// Prefetched answers are per page load; one test's must never reach the next.
afterEach(() => clearPrefetched());
