import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppUser } from "@/domain/access";
import { AuthProvider } from "@/lib/auth/auth-context";
import type { AuthStore } from "@/lib/auth/auth-store";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";
import { GeneratorNote } from "./generator-note";

const ENTITY = "22222222-2222-4222-8222-222222222222";
let stub: SupabaseStub;

function user(role: string): AppUser {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    email: "mia@studymap.test",
    memberships: [
      {
        membershipId: "m1",
        entityId: ENTITY,
        entityName: "Acme",
        entityKind: "school",
        memberRole: role,
        status: "active",
        entityMetadata: null,
      },
    ],
    activeMembershipId: "m1",
  };
}

function show(generator: string | null, role = "member") {
  const snapshot = { status: "ready", user: user(role) };
  const store = {
    client: stub.client,
    getSnapshot: () => snapshot,
    subscribe: () => () => {},
  } as unknown as AuthStore;
  return render(
    <AuthProvider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <GeneratorNote generator={generator} entityId={ENTITY} />
      </SWRConfig>
    </AuthProvider>,
  );
}

beforeEach(() => {
  stub = createSupabaseStub();
  stub.on("POST /rest/v1/rpc/entity_has_language_model", { body: false });
});
afterEach(() => localStorage.clear());

describe("GeneratorNote", () => {
  it("names the model that wrote the content and asks nothing more", async () => {
    show("gpt-4o-mini");
    expect(screen.getByText("Written by gpt-4o-mini")).toBeInTheDocument();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/entity_has_language_model")).toHaveLength(0);
  });

  it("tells a member once that an admin can connect a model, and remembers the dismissal", async () => {
    const first = show("Offline generator");
    expect(screen.getByText("Written by Offline generator")).toBeInTheDocument();
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent("an admin of your organisation can connect a language model");
    expect(stub.calls("POST /rest/v1/rpc/entity_has_language_model")[0]?.body).toEqual({
      p_entity_id: ENTITY,
    });
    await userEvent.click(screen.getByRole("button", { name: "Got it" }));
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    first.unmount();

    show("Offline generator");
    expect(screen.getByText("Written by Offline generator")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("tells an admin where to connect one", async () => {
    show("Offline generator", "admin");
    expect(await screen.findByRole("note")).toHaveTextContent("Account settings → Language model");
  });

  it("says nothing more when the organisation already has a model", async () => {
    stub.on("POST /rest/v1/rpc/entity_has_language_model", { body: true });
    show("Offline generator");
    await waitFor(() => expect(stub.calls("POST /rest/v1/rpc/entity_has_language_model")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("shows nothing when the generator was not recorded", () => {
    const { container } = show(null);
    expect(container).toBeEmptyDOMElement();
  });
});
