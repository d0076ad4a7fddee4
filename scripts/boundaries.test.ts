import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkBoundaries } from "./boundaries.ts";

/** A scratch tree with the repository's folder names, so the rules apply to it as to the repository. */
let root = "";

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the local stack's boundary", () => {
  it("fails a product test that imports devstack/, and lets the stack's own tests do so", async () => {
    root = mkdtempSync(path.join(tmpdir(), "boundaries-"));
    write("devstack/keys.ts", 'export const KEY = "local";\n');
    write(
      "devstack/tests/tasks/worker.test.ts",
      'import { KEY } from "../../keys.ts";\nexport const key = KEY;\n',
    );
    write("tests/setup/stack.ts", 'import { KEY } from "../../devstack/keys.ts";\nexport const key = KEY;\n');
    write("tests/tasks/sweep.test.ts", "export const key = 'public';\n");

    const clean = await checkBoundaries(["devstack", "tests"], root);
    expect(clean.exitCode).toBe(0);

    write(
      "tests/tasks/sweep.test.ts",
      'import { KEY } from "../../devstack/keys.ts";\nexport const key = KEY;\n',
    );
    const crossed = await checkBoundaries(["devstack", "tests"], root);
    expect(crossed.exitCode).toBe(1);
    const output = String(crossed.output);
    expect(output).toContain("devstack-is-a-tool: tests/tasks/sweep.test.ts → devstack/keys.ts");
    expect(output).not.toContain("devstack/tests/tasks/worker.test.ts →");
    expect(output).not.toContain("tests/setup/stack.ts →");
  });
});
