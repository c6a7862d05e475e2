// @vitest-environment jsdom
/**
 * The chat frame with a chat configured: another company's page must not load until the visitor
 * scrolls near it. (The built site's tests cover the unconfigured fallback.)
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChatFrame } from "./chat-section";

// jsdom has no layout, so no IntersectionObserver: this stand-in lets the test say when the frame's box comes near.
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  enter() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const CHAT = "https://chat.example/embed/123";
let container: HTMLDivElement;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  FakeIntersectionObserver.instances = [];
  Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
  container = document.createElement("div");
  document.body.append(container);
});
afterEach(() => container.remove());

describe("ChatFrame", () => {
  it("shows a link instead of the frame until the visitor comes near, then inserts a titled 700 px frame", async () => {
    const root = createRoot(container);
    await act(async () => root.render(<ChatFrame src={CHAT} />));
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector(`a[href="${CHAT}"]`)?.textContent).toBe("Open the chat in a new tab");

    const observer = FakeIntersectionObserver.instances[0];
    expect(observer?.options?.rootMargin).toBe("600px 0px");
    await act(async () => observer?.enter());

    const frame = container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe(CHAT);
    expect(frame?.getAttribute("title")).toMatch(/chat/i);
    expect(frame?.className).toContain("min-h-[700px]");
    expect(observer?.disconnected).toBe(true);
    await act(async () => root.unmount());
  });
});
