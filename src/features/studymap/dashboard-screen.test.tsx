import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ENTITY_ID, membershipRow, signIn, stubEmptyLists, topicRow, USER_ID } from "@/testing/accounts";
import { renderApp } from "@/testing/render-app";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";

let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
  stubEmptyLists(stub);
});

function topicsTotal(rows: unknown[], total: number) {
  stub.on("GET /rest/v1/topics", {
    body: rows,
    headers: { "content-range": `0-${rows.length - 1}/${total}` },
  });
}

describe("dashboard cards", () => {
  it("shows each topic's title, subject, level and status with progress", async () => {
    await signIn(stub);
    topicsTotal(
      [
        topicRow(),
        topicRow({
          id: "77777777-7777-4777-8777-777777777777",
          title: "Cell division",
          processing_status: "generating_structure",
          processing_progress: 40,
          subject: null,
          level: null,
        }),
      ],
      2,
    );
    renderApp(stub, "/studymap");
    const card = (await screen.findByRole("link", { name: "Photosynthesis" })).closest("li") as HTMLElement;
    expect(within(card).getByRole("link", { name: "Photosynthesis" })).toHaveAttribute(
      "href",
      "/studymap/topics/55555555-5555-4555-8555-555555555555/overview",
    );
    expect(within(card).getByText("Biology")).toBeInTheDocument();
    expect(within(card).getByText("CEFR B1")).toBeInTheDocument();
    expect(within(card).getByText("Ready")).toBeInTheDocument();

    const generating = screen.getByRole("link", { name: "Cell division" }).closest("li") as HTMLElement;
    expect(within(generating).getByText("Generating structure")).toBeInTheDocument();
    expect(
      within(generating).getByRole("progressbar", { name: "Progress of Cell division" }),
    ).toHaveAttribute("aria-valuenow", "40");
    expect(within(generating).getByText("40%")).toBeInTheDocument();
  });

  it("reads the active entity's topics a page at a time, newest first", async () => {
    await signIn(stub);
    topicsTotal([topicRow()], 30);
    renderApp(stub, "/studymap?page=2");
    await screen.findByRole("link", { name: "Photosynthesis" });
    const request = stub.calls("GET /rest/v1/topics").at(-1);
    expect(request?.query.get("entity_id")).toBe(`eq.${ENTITY_ID}`);
    expect(request?.query.get("offset")).toBe("12");
    expect(request?.query.get("limit")).toBe("12");
    expect(request?.query.get("order")).toBe("updated_at.desc");
    expect(request?.headers.get("prefer")).toContain("count=exact");
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/studymap");
    expect(screen.getByRole("link", { name: "Next" })).toHaveAttribute("href", "/studymap?page=3");
  });

  it("uses a 60 s signed thumbnail URL, and the public URL when signing fails", async () => {
    await signIn(stub);
    topicsTotal(
      [
        topicRow({ thumbnail_image_url: `${ENTITY_ID}/a/thumb.png` }),
        topicRow({
          id: "77777777-7777-4777-8777-777777777777",
          title: "Cells",
          thumbnail_image_url: `${ENTITY_ID}/b/thumb.png`,
        }),
      ],
      2,
    );
    stub.on(`POST /storage/v1/object/sign/assets/${ENTITY_ID}/a/thumb.png`, {
      body: { signedURL: `/object/sign/assets/${ENTITY_ID}/a/thumb.png?token=t1` },
    });
    stub.on(`POST /storage/v1/object/sign/assets/${ENTITY_ID}/b/thumb.png`, {
      status: 400,
      body: { statusCode: "404", error: "not_found", message: "Object not found" },
    });
    const { container } = renderApp(stub, "/studymap");
    await waitFor(() => expect(container.querySelectorAll("img")).toHaveLength(2));
    const sources = [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(sources).toContain(
      `http://stub.test/storage/v1/object/sign/assets/${ENTITY_ID}/a/thumb.png?token=t1`,
    );
    expect(sources).toContain(`http://stub.test/storage/v1/object/public/assets/${ENTITY_ID}/b/thumb.png`);
    expect(stub.calls(`POST /storage/v1/object/sign/assets/${ENTITY_ID}/a/thumb.png`)[0]?.body).toEqual({
      expiresIn: 60,
    });
  });

  it("toggles a favorite from the card", async () => {
    await signIn(stub);
    topicsTotal([topicRow()], 1);
    let favorites: Array<{ topic_id: string }> = [];
    stub.on("GET /rest/v1/favorites", () => ({ body: favorites }));
    stub.on("POST /rest/v1/favorites", (request) => {
      favorites = [{ topic_id: (request.body as { topic_id: string }).topic_id }];
      return { status: 201 };
    });
    renderApp(stub, "/studymap");
    const star = await screen.findByRole("button", { name: "Add Photosynthesis to favorites" });
    expect(star).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(star);
    expect(
      await screen.findByRole("button", { name: "Remove Photosynthesis from favorites" }),
    ).toHaveAttribute("aria-pressed", "true");
    expect(stub.calls("POST /rest/v1/favorites")[0]?.body).toEqual({
      user_id: USER_ID,
      topic_id: "55555555-5555-4555-8555-555555555555",
    });
  });

  it("searches and filters through the address, from page 1", async () => {
    await signIn(stub);
    topicsTotal([topicRow()], 1);
    const app = renderApp(stub, "/studymap?page=3");
    await screen.findByRole("link", { name: "Photosynthesis" });
    await userEvent.type(screen.getByLabelText("Search topics"), "photo 50%");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: "photo 50%" }));
    await waitFor(() =>
      expect(stub.calls("GET /rest/v1/topics").at(-1)?.query.get("title")).toBe("ilike.%photo 50\\%%"),
    );
    await userEvent.selectOptions(screen.getByLabelText("Status"), "review");
    await waitFor(() =>
      expect(stub.calls("GET /rest/v1/topics").at(-1)?.query.get("or")).toBe(
        "(processing_status.eq.awaiting_structure_review)",
      ),
    );
  });
});

/** The search params of a link's address, as an object (their order in the address does not matter). */
function linkSearch(name: string): Record<string, string> | null {
  const link = screen.queryByRole("link", { name });
  if (!link) return null;
  return Object.fromEntries(new URL(link.getAttribute("href") ?? "", "http://app.test").searchParams);
}

describe("dashboard pagination over all of an organisation's topics (issue 24)", () => {
  const pagination = [
    {
      case: "the first of 17 pages (200 topics)",
      address: "/studymap",
      total: 200,
      offset: "0",
      label: "Page 1 of 17",
      previous: null,
      next: { page: "2" },
    },
    {
      case: "a middle page keeps the search and filters in both links",
      address: "/studymap?page=5&q=cell&status=review",
      total: 200,
      offset: "48",
      label: "Page 5 of 17",
      previous: { page: "4", q: "cell", status: "review" },
      next: { page: "6", q: "cell", status: "review" },
    },
    {
      case: "the second page back to the first leaves the page out of the address",
      address: "/studymap?page=2&subject=66666666-6666-4666-8666-666666666666",
      total: 13,
      offset: "12",
      label: "Page 2 of 2",
      previous: { subject: "66666666-6666-4666-8666-666666666666" },
      next: null,
    },
    {
      case: "the last page has no next",
      address: "/studymap?page=17",
      total: 200,
      offset: "192",
      label: "Page 17 of 17",
      previous: { page: "16" },
      next: null,
    },
  ];

  it.each(pagination)("$case", async ({ address, total, offset, label, previous, next }) => {
    await signIn(stub);
    topicsTotal([topicRow()], total);
    renderApp(stub, address);
    expect(await screen.findByText(label)).toBeInTheDocument();
    const request = stub.calls("GET /rest/v1/topics").at(-1);
    expect(request?.query.get("offset")).toBe(offset);
    expect(request?.query.get("limit")).toBe("12");
    expect(linkSearch("Previous")).toEqual(previous);
    expect(linkSearch("Next")).toEqual(next);
  });

  it("shows no pagination when every topic fits on one page", async () => {
    await signIn(stub);
    topicsTotal([topicRow()], 12);
    renderApp(stub, "/studymap");
    await screen.findByRole("link", { name: "Photosynthesis" });
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("searches all topics on the server, not the page that is loaded", async () => {
    await signIn(stub);
    topicsTotal([topicRow()], 200);
    const app = renderApp(stub, "/studymap?page=9");
    await screen.findByText("Page 9 of 17");
    stub.on("GET /rest/v1/topics", {
      body: [topicRow({ title: "Cell division" })],
      headers: { "content-range": "0-0/1" },
    });
    await userEvent.type(screen.getByLabelText("Search topics"), "cell");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("link", { name: "Cell division" })).toBeInTheDocument();
    const request = stub.calls("GET /rest/v1/topics").at(-1);
    expect(request?.query.get("title")).toBe("ilike.%cell%");
    expect(request?.query.get("offset")).toBe("0");
    expect(app.router.state.location.search).toEqual({ q: "cell" });
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });
});

describe("dashboard collections (issue 24)", () => {
  it("lists every collection in one row of links, with a same-height placeholder while loading", async () => {
    await signIn(stub);
    let answer: (() => void) | undefined;
    const titles = Array.from({ length: 10 }, (_, index) => `Collection ${index + 1}`);
    stub.on("GET /rest/v1/modules", async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return {
        body: titles.map((title, index) => ({
          id: `88888888-8888-4888-8888-8888888888${String(index).padStart(2, "0")}`,
          entity_id: ENTITY_ID,
          title,
          description: null,
          topics: [{ count: 20 }],
        })),
      };
    });
    renderApp(stub, "/studymap");
    const section = (await screen.findByRole("heading", { name: "Collections" })).closest(
      "section",
    ) as HTMLElement;
    await waitFor(() => expect(answer).toBeDefined());
    expect(section.querySelector('[aria-hidden="true"]')).not.toBeNull();
    answer?.();
    await within(section).findByRole("link", { name: "Collection 10" });
    expect(within(section).getAllByRole("list")).toHaveLength(1);
    expect(
      within(section)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(titles);
    expect(section.querySelector('[aria-hidden="true"]')).toBeNull();
  });
});

describe("dashboard roles and empty states (docs/product.md §6)", () => {
  it("offers content managers a new topic, a new collection and a first-topic call to action", async () => {
    await signIn(stub);
    renderApp(stub, "/studymap");
    expect(await screen.findByRole("heading", { name: "No topics yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New topic" })).toHaveAttribute("href", "/studymap/topics/new");
    expect(screen.getByRole("link", { name: "Create your first topic" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New collection" })).toBeInTheDocument();
  });

  it("shows members no content-management actions and points them to explore", async () => {
    await signIn(stub, { memberships: [membershipRow({ member_role: "member" })] });
    renderApp(stub, "/studymap");
    expect(await screen.findByRole("heading", { name: "No topics yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore topics" })).toHaveAttribute("href", "/explore");
    expect(screen.queryByRole("link", { name: "New topic" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New collection" })).not.toBeInTheDocument();
  });

  it("summarises the collections with their topic counts", async () => {
    await signIn(stub);
    stub.on("GET /rest/v1/modules", {
      body: [
        {
          id: "88888888-8888-4888-8888-888888888888",
          entity_id: ENTITY_ID,
          title: "Botany",
          description: null,
          topics: [{ count: 3 }],
        },
      ],
    });
    renderApp(stub, "/studymap");
    const link = await screen.findByRole("link", { name: "Botany" });
    expect(link).toHaveAttribute("href", "/studymap/collections/88888888-8888-4888-8888-888888888888/topics");
    expect(screen.getByText("3 topics")).toBeInTheDocument();
    expect(stub.calls("GET /rest/v1/modules")[0]?.query.get("select")).toBe(
      "id,entity_id,title,description,topics(count)",
    );
  });

  it("switches the organisation and shows its topics", async () => {
    await signIn(stub, {
      memberships: [
        membershipRow({ membership_id: "m1" }),
        membershipRow({
          membership_id: "m2",
          entity_id: "99999999-9999-4999-8999-999999999999",
          entity_name: "Beta School",
        }),
      ],
    });
    renderApp(stub, "/studymap");
    expect(await screen.findByRole("heading", { name: "Acme Academy" })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Active organisation"), "m2");
    expect(await screen.findByRole("heading", { name: "Beta School" })).toBeInTheDocument();
    await waitFor(() =>
      expect(stub.calls("GET /rest/v1/topics").at(-1)?.query.get("entity_id")).toBe(
        "eq.99999999-9999-4999-8999-999999999999",
      ),
    );
  });
});
