import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommentBox, checkComment } from "@/features/page/comment-box";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

const NAMESPACES = ["common", "activity"];

describe("[COMMENTS] the comment box", () => {
  it("refuses blank text with a translated message and never posts it", async () => {
    const onPost = vi.fn();
    renderWithProviders(<CommentBox onPost={onPost} />, { namespaces: NAMESPACES });
    fireEvent.change(screen.getByLabelText("Add a comment"), { target: { value: "   \n  " } });
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Write something before posting");
    expect(onPost).not.toHaveBeenCalled();
    expect(checkComment("x".repeat(2001))).toBe("too_long");
    expect(checkComment("  ok ")).toBeNull();
  });

  it("counts characters up to 2000 and clears after a successful post", async () => {
    const onPost = vi.fn().mockResolvedValue({ ok: true });
    renderWithProviders(<CommentBox onPost={onPost} />, { namespaces: NAMESPACES });
    const box = screen.getByLabelText("Add a comment") as HTMLTextAreaElement;
    expect(screen.getByText("0 / 2000 characters")).toBeTruthy();
    expect(box.maxLength).toBe(2000);
    fireEvent.change(box, { target: { value: "  Hello  " } });
    expect(screen.getByText("9 / 2000 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() => expect(onPost).toHaveBeenCalledWith("Hello"));
    await waitFor(() => expect(box.value).toBe(""));
  });

  it("keeps the text and shows the reason when posting fails, in Hindi too", async () => {
    const onPost = vi.fn().mockResolvedValue({ ok: false, message: "टिप्पणी नहीं जोड़ी जा सकी।" });
    renderWithProviders(<CommentBox onPost={onPost} />, { namespaces: NAMESPACES, lang: "hi" });
    const box = screen.getByLabelText("टिप्पणी जोड़ें") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "नमस्ते" } });
    fireEvent.click(screen.getByRole("button", { name: "टिप्पणी भेजें" }));
    expect((await screen.findByRole("alert")).textContent).toContain("टिप्पणी नहीं जोड़ी जा सकी।");
    expect(box.value).toBe("नमस्ते");
  });
});
