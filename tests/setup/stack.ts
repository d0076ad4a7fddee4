import type { TestProject } from "vitest/node";
import { type StackInfo, startStack } from "../../devstack/stack.ts";
import { externalStack } from "../../scripts/external-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Integration tests run against a real local stack: the one `npm test` started (passed in
 * STUDYMAP_TEST_STACK), an external one named by STUDYMAP_TEST_* (scripts/external-stack.ts), or, when
 * Vitest runs alone, a throwaway one started here.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.STUDYMAP_TEST_STACK;
  if (given) {
    project.provide("stack", JSON.parse(given) as StackInfo);
    return undefined;
  }
  const external = externalStack(process.env);
  if (external) {
    project.provide("stack", external);
    return undefined;
  }
  const stack = await startStack({ mode: "test" });
  const { stop, ...info } = stack;
  project.provide("stack", info);
  return stop;
}
