/** The generation engine's entry points, called by the Trigger.dev tasks in `trigger/`. */
export { type CoursePayload, type CourseRunOutput, runCourseGeneration } from "./pipelines/course.ts";
export { runStructureGeneration, type StructureRunOutput } from "./pipelines/structure.ts";
