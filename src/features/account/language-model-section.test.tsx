import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ENTITY_ID, membershipRow, signIn, stubEmptyLists, USER_ID } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

let stub: SupabaseStub;

const SAVED = {
  base_url: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
  has_api_key: true,
  cost_per_1k_input: 0.15,
  cost_per_1k_output: 0.6,
};

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  stub.on("GET /rest/v1/profiles", {
    body: { id: USER_ID, email: "ada@studymap.test", display_name: "Ada" },
  });
  stub.on("GET /rest/v1/core_memberships", { body: [] });
  stub.on("GET /rest/v1/entity_llm_settings", { body: [] });
  stub.on("POST /rest/v1/rpc/entity_generation_usage", { body: [] });
});

afterEach(() => localStorage.clear());

const signInAs = (role: string) => signIn(stub, { memberships: [membershipRow({ member_role: role })] });

async function section() {
  const heading = await screen.findByRole("heading", { name: "Language model" });
  return within(heading.closest("section") as HTMLElement);
}

describe("language model settings", () => {
  it.each(["manager", "creator", "member"])("is not shown to a %s, and nothing is read", async (role) => {
    await signInAs(role);
    renderApp(stub, "/account/settings");
    expect(await screen.findByRole("heading", { name: "Organisations" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Language model" })).not.toBeInTheDocument();
    expect(stub.calls("GET /rest/v1/entity_llm_settings")).toHaveLength(0);
    expect(stub.calls("POST /rest/v1/rpc/entity_generation_usage")).toHaveLength(0);
  });

  it("tests a connection on the server and saves the model with its key", async () => {
    await signInAs("admin");
    stub.on("POST /functions/v1/test-llm-connection", {
      body: { ok: true, message: "Connected: llama3.1 answered." },
    });
    stub.on("POST /rest/v1/rpc/save_entity_llm_settings", { status: 204 });
    renderApp(stub, "/account/settings");
    const view = await section();
    expect(await view.findByText("No model connected")).toBeInTheDocument();
    await userEvent.type(view.getByLabelText("Base URL"), "http://localhost:11434/v1");
    await userEvent.type(view.getByLabelText("Model"), "llama3.1");
    await userEvent.click(view.getByRole("button", { name: "Test connection" }));
    expect(await view.findByText("Connected: llama3.1 answered.")).toBeInTheDocument();
    expect(stub.calls("POST /functions/v1/test-llm-connection").map((call) => call.body)).toEqual([
      { entityId: ENTITY_ID, baseUrl: "http://localhost:11434/v1", model: "llama3.1" },
    ]);

    await userEvent.type(view.getByLabelText("API key"), "sk-typed");
    await userEvent.click(view.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stub.calls("POST /rest/v1/rpc/save_entity_llm_settings")).toHaveLength(1));
    expect(stub.calls("POST /rest/v1/rpc/save_entity_llm_settings")[0]?.body).toEqual({
      p_entity_id: ENTITY_ID,
      p_base_url: "http://localhost:11434/v1",
      p_model: "llama3.1",
      p_api_key: "sk-typed",
    });
  });

  it("shows a failed test as the function's sentence", async () => {
    await signInAs("admin");
    stub.on("POST /functions/v1/test-llm-connection", {
      body: { ok: false, message: "The endpoint refused the API key (HTTP 401)." },
    });
    renderApp(stub, "/account/settings");
    const view = await section();
    await userEvent.type(view.getByLabelText("Base URL"), "https://api.openai.com/v1");
    await userEvent.type(view.getByLabelText("Model"), "gpt-4o-mini");
    await userEvent.type(view.getByLabelText("API key"), "sk-wrong");
    await userEvent.click(view.getByRole("button", { name: "Test connection" }));
    expect(await view.findByText("The endpoint refused the API key (HTTP 401).")).toBeInTheDocument();
    expect(stub.calls("POST /functions/v1/test-llm-connection")[0]?.body).toMatchObject({
      apiKey: "sk-wrong",
    });
  });

  it("shows the connected model and that a key is set, keeps the key when none is typed, and disconnects", async () => {
    await signInAs("admin");
    stub.on("GET /rest/v1/entity_llm_settings", { body: [SAVED] });
    stub.on("POST /rest/v1/rpc/save_entity_llm_settings", { status: 204 });
    stub.on("POST /rest/v1/rpc/disconnect_entity_llm", { body: true });
    renderApp(stub, "/account/settings");
    const view = await section();
    expect(await view.findByText("gpt-4o-mini at https://api.openai.com/v1")).toBeInTheDocument();
    expect(view.getByText("key set")).toBeInTheDocument();
    await waitFor(() => expect(view.getByLabelText("Model")).toHaveValue("gpt-4o-mini"));
    expect(view.getByLabelText("API key")).toHaveValue("");
    expect(stub.calls("GET /rest/v1/entity_llm_settings")[0]?.query.get("select")).not.toContain("secret");

    await userEvent.clear(view.getByLabelText("Model"));
    await userEvent.type(view.getByLabelText("Model"), "gpt-4o");
    await userEvent.click(view.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stub.calls("POST /rest/v1/rpc/save_entity_llm_settings")).toHaveLength(1));
    expect(stub.calls("POST /rest/v1/rpc/save_entity_llm_settings")[0]?.body).toEqual({
      p_entity_id: ENTITY_ID,
      p_base_url: "https://api.openai.com/v1",
      p_model: "gpt-4o",
      p_cost_per_1k_input: 0.15,
      p_cost_per_1k_output: 0.6,
    });

    await userEvent.click(view.getByRole("checkbox", { name: "Remove the saved key" }));
    await userEvent.click(view.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stub.calls("POST /rest/v1/rpc/save_entity_llm_settings")).toHaveLength(2));
    expect(stub.calls("POST /rest/v1/rpc/save_entity_llm_settings")[1]?.body).toMatchObject({
      p_api_key: "",
    });

    stub.on("GET /rest/v1/entity_llm_settings", { body: [] });
    await userEvent.click(view.getByRole("button", { name: "Disconnect" }));
    expect(await view.findByText("No model connected")).toBeInTheDocument();
    expect(stub.calls("POST /rest/v1/rpc/disconnect_entity_llm")[0]?.body).toEqual({
      p_entity_id: ENTITY_ID,
    });
  });

  it("shows the database's refusal of a save", async () => {
    await signInAs("admin");
    stub.on("POST /rest/v1/rpc/save_entity_llm_settings", {
      status: 400,
      body: {
        code: "22023",
        message: "The base URL must be an http or https address such as https://api.openai.com/v1.",
      },
    });
    renderApp(stub, "/account/settings");
    const view = await section();
    await userEvent.type(view.getByLabelText("Base URL"), "api.openai.com");
    await userEvent.type(view.getByLabelText("Model"), "gpt-4o-mini");
    await userEvent.click(view.getByRole("button", { name: "Save" }));
    expect(
      await view.findByText(
        "The base URL must be an http or https address such as https://api.openai.com/v1.",
      ),
    ).toBeInTheDocument();
  });

  it("lists the organisation's usage of the last 30 days with a total cost", async () => {
    await signInAs("admin");
    stub.on("POST /rest/v1/rpc/entity_generation_usage", {
      body: [
        {
          generator: "gpt-4o-mini",
          model_source: "organisation",
          runs: 3,
          calls: 31,
          input_tokens: 60000,
          output_tokens: 12000,
          cost_usd: 0.0162,
        },
        {
          generator: "Offline generator",
          model_source: "offline",
          runs: 2,
          calls: 0,
          input_tokens: 0,
          output_tokens: 0,
          cost_usd: 0,
        },
      ],
    });
    renderApp(stub, "/account/settings");
    const view = await section();
    const table = await view.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "GeneratorRunsCallsTokens in / outCost",
      "gpt-4o-mini (your model)33160,000 / 12,000$0.0162",
      "Offline generator (offline)200 / 0$0.00",
      "Total$0.0162",
    ]);
    expect(stub.calls("POST /rest/v1/rpc/entity_generation_usage")[0]?.body).toEqual({
      p_entity_id: ENTITY_ID,
    });
  });
});
