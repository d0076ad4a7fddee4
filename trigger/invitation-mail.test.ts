import { describe, expect, it } from "vitest";
import { renderInvitation } from "./invitation-mail.ts";

const details = {
  invitedEmail: "mia@example.org",
  role: "admin",
  organisation: `Tom & Jerry's <School>`,
  inviter: `Ada "the admin"`,
};

describe("renderInvitation", () => {
  const mail = renderInvitation(details, "https://studymap.example/app/");

  it("names the inviter and the organisation in the subject and the text", () => {
    expect(mail.subject).toBe(`Ada "the admin" invited you to Tom & Jerry's <School> on Studymap`);
    expect(mail.text).toContain(
      `Ada "the admin" invited you to join Tom & Jerry's <School> on Studymap as an admin.`,
    );
    expect(mail.text).toContain("Sign in with this address (mia@example.org)");
  });

  it("links to the settings screen at the site's root", () => {
    expect(mail.text).toContain("https://studymap.example/account/settings");
    expect(mail.html).toContain(`<a href="https://studymap.example/account/settings">`);
  });

  it("escapes the users' names in the HTML part", () => {
    expect(mail.html).toContain("Tom &#38; Jerry&#39;s &#60;School&#62;");
    expect(mail.html).toContain("Ada &#34;the admin&#34;");
    expect(mail.html).not.toContain("<School>");
  });

  it("says a or an as the role needs", () => {
    expect(renderInvitation({ ...details, role: "member" }, "https://s.example").text).toContain(
      "as a member.",
    );
  });
});
