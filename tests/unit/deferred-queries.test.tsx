import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useDeferredQueries } from "@/lib/query/deferred-queries";

// A list screen's queries (issue 10): the server's answer is shown without react-query; the first
// question the server did not answer loads it and asks the platform.

function List({ page, server, ask, map = false }: { page: number; server: string; ask: (page: number) => Promise<string>; map?: boolean }) {
  const { results, live } = useDeferredQueries({
    list: { queryKey: ["deferred-test", server, page], queryFn: () => ask(page), initialData: page === 1 ? server : undefined, staleTime: 30_000, keepPrevious: true },
    points: { queryKey: ["deferred-test-points", server], queryFn: () => ask(-1), enabled: map },
  });
  return (
    <div>
      <p>{`list: ${results.list.data ?? "none"}${results.list.isFetching ? " (loading)" : ""}`}</p>
      <p>{`points: ${results.points.data ?? "none"}`}</p>
      {live}
    </div>
  );
}

describe("[SPEED] useDeferredQueries", () => {
  it("shows the server's answer without asking the platform", async () => {
    const ask = vi.fn(async (page: number) => `page ${page}`);
    render(<List page={1} server="first page" ask={ask} />);
    expect(screen.getByText("list: first page")).toBeTruthy();
    expect(screen.getByText("points: none")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ask).not.toHaveBeenCalled();
  });

  it("asks for another page, showing the previous one as loading meanwhile, and goes back to the server's", async () => {
    let answer: (text: string) => void = () => undefined;
    const ask = vi.fn((page: number) => new Promise<string>((resolve) => (answer = (text) => resolve(`${text} ${page}`))));
    const { rerender } = render(<List page={1} server="server A" ask={ask} />);
    rerender(<List page={2} server="server A" ask={ask} />);
    expect(screen.getByText("list: server A (loading)")).toBeTruthy();
    await waitFor(() => expect(ask).toHaveBeenCalledWith(2));
    answer("asked");
    expect(await screen.findByText("list: asked 2")).toBeTruthy();
    rerender(<List page={1} server="server A" ask={ask} />);
    expect(await screen.findByText("list: server A")).toBeTruthy();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("asks an enabled query that has no server answer (the map's points)", async () => {
    const ask = vi.fn(async (page: number) => `answer ${page}`);
    const { rerender } = render(<List page={1} server="server B" ask={ask} />);
    rerender(<List page={1} server="server B" ask={ask} map />);
    expect(await screen.findByText("points: answer -1")).toBeTruthy();
    expect(screen.getByText("list: server B")).toBeTruthy();
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
