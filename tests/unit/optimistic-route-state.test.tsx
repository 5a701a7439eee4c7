import { act, renderHook } from "@testing-library/react";
import mitt from "next/dist/shared/lib/mitt";
import type { NextRouter } from "next/router";
import { describe, expect, it } from "vitest";
import { useOptimisticRouteState } from "@/lib/routing/use-optimistic-route-state";

/** Next's way of saying a navigation was overtaken by another (router.ts: `cancelled = true`). */
const cancelled = () => Object.assign(new Error('Abort fetching component for route: "/data/list"'), { cancelled: true });

describe("[NAV] a filter set while a page is loading stays on screen", () => {
  it("keeps the visitor's change through the navigation it cancelled, and gives way to the URL once its own lands", () => {
    const events = mitt() as NextRouter["events"];
    const { result } = renderHook(() => useOptimisticRouteState<{ state: string[] }>(events));
    act(() => result.current[1]({ state: ["Meghalaya"] }));
    // The visitor ticked Meghalaya while Back was still loading: that navigation is cancelled by the tick's own.
    act(() => events.emit("routeChangeError", cancelled(), "/data/list?offset=10", { shallow: false }));
    expect(result.current[0]).toEqual({ state: ["Meghalaya"] });
    act(() => events.emit("routeChangeComplete", "/data/list?state=Meghalaya", { shallow: true }));
    expect(result.current[0]).toBeNull();
  });

  it("gives way to the URL when the navigation fails for real", () => {
    const events = mitt() as NextRouter["events"];
    const { result } = renderHook(() => useOptimisticRouteState<number>(events));
    act(() => result.current[1](2));
    act(() => events.emit("routeChangeError", new Error("Failed to load static props"), "/data/list?offset=10", { shallow: false }));
    expect(result.current[0]).toBeNull();
  });
});
