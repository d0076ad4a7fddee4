import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order, except that the peer project's files take their slots in the order of their paths,
 * as postgrest-js runs its suite (Jest, `maxWorkers: 1`, an alphabetical test/testSequencer.js): its
 * files share the seeded rows, and their expected answers assume the rows the files before them left.
 * Vitest takes a sequencer for the whole run only, so every other project keeps its order unchanged.
 */
export class PeerPathOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isPeer = (spec: TestSpecification) => spec.project.name === "peer";
    const peer = sorted.filter(isPeer).sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    let next = 0;
    return sorted.map((spec) => (isPeer(spec) ? (peer[next++] as TestSpecification) : spec));
  }
}
