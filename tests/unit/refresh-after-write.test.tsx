import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { QueryProvider } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { setMockRouter, type MockRouter } from "./helpers/mock-router";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

let router: MockRouter;
beforeEach(() => {
  router = setMockRouter({ asPath: "/data/show/5?lang=hi" });
});

function wrapperWith(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <QueryProvider>{children}</QueryProvider>
      </QueryClientProvider>
    );
  };
}

describe("useRefreshAfterWrite", () => {
  it("refetches the named query families, and only them", async () => {
    const client = new QueryClient();
    const timeline = vi.fn(async () => "timeline");
    const tree = vi.fn(async () => "tree");
    function Screen() {
      const a = useQuery({ queryKey: queryKeys.activity("ccaData", 5), queryFn: timeline });
      const b = useQuery({ queryKey: queryKeys.pageTree(null, 1), queryFn: tree });
      return <p>{`${a.data ?? ""} ${b.data ?? ""}`}</p>;
    }
    render(<Screen />, { wrapper: wrapperWith(client) });
    await screen.findByText("timeline tree");
    const { result } = renderHook(() => useRefreshAfterWrite(), { wrapper: wrapperWith(client) });

    await act(() => result.current({ queries: [queryKeys.activity("ccaData", 5)] }));
    expect(timeline).toHaveBeenCalledTimes(2);
    expect(tree).toHaveBeenCalledTimes(1);
    expect(router.replace).not.toHaveBeenCalled();

    // A family's short key refreshes every key it starts.
    await act(() => result.current({ queries: [queryKeys.pageTreeAll()] }));
    expect(tree).toHaveBeenCalledTimes(2);
  });

  it("asks the server for the screen's props again in place, or from the top for a retry", async () => {
    const { result } = renderHook(() => useRefreshAfterWrite());
    await act(() => result.current({ page: true }));
    expect(router.replace).toHaveBeenCalledWith("/data/show/5?lang=hi", undefined, { scroll: false });

    await act(() => result.current({ page: true, scrollToTop: true }));
    expect(router.replace).toHaveBeenLastCalledWith("/data/show/5?lang=hi");
    expect(router.replace).toHaveBeenCalledTimes(2);
  });

  it("does both at once and settles when both are done", async () => {
    const client = new QueryClient();
    let finishFetch: (value: string) => void = () => undefined;
    const fetches = vi.fn(() => new Promise<string>((resolve) => (finishFetch = resolve)));
    function Timeline() {
      const q = useQuery({ queryKey: queryKeys.activity("page", 3), queryFn: fetches });
      return <p>{q.data ?? "…"}</p>;
    }
    render(<Timeline />, { wrapper: wrapperWith(client) });
    act(() => finishFetch("first"));
    await screen.findByText("first");

    const { result } = renderHook(() => useRefreshAfterWrite(), { wrapper: wrapperWith(client) });
    let settled = false;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current({ queries: [queryKeys.activity("page", 3)], page: true }).then(() => {
        settled = true;
      });
    });
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(2));
    expect(settled).toBe(false);
    await act(async () => {
      finishFetch("second");
      await done;
    });
    expect(settled).toBe(true);
    await screen.findByText("second");
  });

  it("without a query cache on the screen (a server-rendered form), refreshes the page and skips the queries", async () => {
    const { result } = renderHook(() => useRefreshAfterWrite());
    await act(() => result.current({ queries: [queryKeys.activity("ccaData", 5)], page: true }));
    expect(router.replace).toHaveBeenCalledTimes(1);
  });
});
