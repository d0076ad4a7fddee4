import { describe, expect, it } from "vitest";
import { createSupabaseClient } from "./supabase";

const message =
  "Missing Supabase configuration. Check VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY environment variables.";

describe("createSupabaseClient (docs/product.md §5)", () => {
  it("throws the exact message without a URL", () => {
    expect(() => createSupabaseClient({ VITE_SUPABASE_ANON_KEY: "key" })).toThrow(new Error(message));
  });

  it("throws the exact message without an anonymous key", () => {
    expect(() => createSupabaseClient({ VITE_SUPABASE_URL: "http://127.0.0.1:1" })).toThrow(
      new Error(message),
    );
  });

  it("throws the exact message for empty values", () => {
    expect(() => createSupabaseClient({ VITE_SUPABASE_URL: "", VITE_SUPABASE_ANON_KEY: "" })).toThrow(
      message,
    );
  });

  it("creates a client when both are set", () => {
    const client = createSupabaseClient({
      VITE_SUPABASE_URL: "http://127.0.0.1:1",
      VITE_SUPABASE_ANON_KEY: "k",
    });
    expect(client.storage.from("assets").getPublicUrl("a/b.png").data.publicUrl).toBe(
      "http://127.0.0.1:1/storage/v1/object/public/assets/a/b.png",
    );
  });
});
