import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { createSupabaseClient, MISSING_SUPABASE_CONFIG } from "@/lib/supabase";
import { ConfigurationMessage } from "./configuration-message";

it("puts the missing-configuration error on screen", () => {
  const failure = (() => {
    try {
      createSupabaseClient({ VITE_SUPABASE_URL: "http://localhost:54321" });
    } catch (error) {
      return error as Error;
    }
  })();
  render(<ConfigurationMessage message={failure?.message ?? ""} />);
  expect(screen.getByRole("alert")).toHaveTextContent(MISSING_SUPABASE_CONFIG);
  expect(screen.getByRole("heading", { name: "studymap is not configured" })).toBeInTheDocument();
});
