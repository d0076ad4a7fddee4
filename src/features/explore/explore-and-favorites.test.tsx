import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ENTITY_ID, signIn, stubEmptyLists, topicRow, USER_ID } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

const OTHER_ENTITY = "99999999-9999-4999-8999-999999999999";
const PUBLIC_TOPIC = "77777777-7777-4777-8777-777777777777";
const MODULE_ID = "88888888-8888-4888-8888-888888888888";
let stub: SupabaseStub;

beforeEach(async () => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
  await signIn(stub);
});

describe("favorites", () => {
  it("lists the starred topics", async () => {
    stub.on("GET /rest/v1/favorites", (request) =>
      request.query.get("select")?.startsWith("topic:topics(")
        ? { body: [{ topic: topicRow() }, { topic: null }] }
        : { body: [{ topic_id: topicRow().id }] },
    );
    renderApp(stub, "/favorites");
    expect(await screen.findByRole("link", { name: "Photosynthesis" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove Photosynthesis from favorites" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("says how to add favorites when there are none", async () => {
    renderApp(stub, "/favorites");
    expect(await screen.findByRole("heading", { name: "No favorites yet" })).toBeInTheDocument();
  });
});

describe("explore", () => {
  it("lists public topics and offers to subscribe to other organisations' ones", async () => {
    stub.on("GET /rest/v1/topics", {
      body: [
        topicRow({ id: PUBLIC_TOPIC, entity_id: OTHER_ENTITY, title: "Volcanoes", visibility: "public" }),
        topicRow({ visibility: "public" }),
      ],
      headers: { "content-range": "0-1/2" },
    });
    renderApp(stub, "/explore");
    const volcanoes = (await screen.findByRole("link", { name: "Volcanoes" })).closest("li") as HTMLElement;
    expect(within(volcanoes).getByRole("link", { name: "Subscribe to Volcanoes" })).toHaveAttribute(
      "href",
      `/subscribe/topic/${PUBLIC_TOPIC}?entityId=${ENTITY_ID}&entityKind=organisation`,
    );
    const own = screen.getByRole("link", { name: "Photosynthesis" }).closest("li") as HTMLElement;
    expect(within(own).getByText("Your organisation")).toBeInTheDocument();
    expect(stub.calls("GET /rest/v1/topics")[0]?.query.get("visibility")).toBe("eq.public");
  });
});

describe("subscribe", () => {
  it("subscribes on behalf of the named entity and opens the topic", async () => {
    stub.on("GET /rest/v1/topics", (request) =>
      request.query.get("id") === `eq.${PUBLIC_TOPIC}`
        ? {
            body: [
              {
                ...topicRow({ id: PUBLIC_TOPIC, entity_id: OTHER_ENTITY, title: "Volcanoes" }),
                created_by: null,
                structure: null,
              },
            ],
          }
        : { body: [], headers: { "content-range": "*/0" } },
    );
    stub.on("POST /rest/v1/topic_subscriptions", { status: 201 });
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", { body: { course: null, chapters: [] } });
    const app = renderApp(
      stub,
      `/subscribe/topic/${PUBLIC_TOPIC}?entityId=${ENTITY_ID}&entityKind=organisation`,
    );
    expect(await screen.findByText("You subscribe on behalf of Acme Academy.")).toBeInTheDocument();
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: "Explore" })).toHaveAttribute("href", "/explore");
    expect(within(trail).getByText("Subscribe")).toHaveAttribute("aria-current", "page");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/studymap/topics/${PUBLIC_TOPIC}/overview`),
    );
    expect(stub.calls("POST /rest/v1/topic_subscriptions")[0]?.body).toEqual({
      user_id: USER_ID,
      topic_id: PUBLIC_TOPIC,
      entity_id: ENTITY_ID,
      entity_kind: "organisation",
    });
  });
});

describe("collection topics", () => {
  it("shows one collection's topics, paginated", async () => {
    stub.on("GET /rest/v1/modules", (request) =>
      request.query.get("id")
        ? { body: [{ id: MODULE_ID, entity_id: ENTITY_ID, title: "Botany", description: "Plants" }] }
        : { body: [] },
    );
    stub.on("GET /rest/v1/topics", {
      body: [topicRow({ module_id: MODULE_ID })],
      headers: { "content-range": "12-12/13" },
    });
    renderApp(stub, `/studymap/collections/${MODULE_ID}/topics?page=2`);
    expect(await screen.findByRole("heading", { level: 1, name: "Botany" })).toBeInTheDocument();
    await screen.findByRole("link", { name: "Photosynthesis" });
    const request = stub.calls("GET /rest/v1/topics").at(-1);
    expect(request?.query.get("module_id")).toBe(`eq.${MODULE_ID}`);
    expect(request?.query.get("offset")).toBe("12");
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New topic in this collection" })).toHaveAttribute(
      "href",
      `/studymap/topics/new?moduleId=${MODULE_ID}`,
    );
  });
});
