import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { clearPrefetched } from "../../src/lib/prefetch";

afterEach(() => cleanup());

// Prefetched answers are per page load; one test's must never reach the next.
afterEach(() => clearPrefetched());
