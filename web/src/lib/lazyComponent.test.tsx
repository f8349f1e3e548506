import { act, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { lazyWhenOpen, preloadable } from "./lazyComponent";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Note({ open, text }: { open: boolean; text: string }) {
  return open ? <p role="dialog">{text}</p> : <p>fechado</p>;
}

describe("lazyWhenOpen", () => {
  it("fetches the code only when first opened, draws nothing meanwhile, and stays mounted after closing", async () => {
    const u = userEvent.setup();
    const code = deferred<typeof Note>();
    const load = vi.fn(() => code.promise);
    const LazyNote = lazyWhenOpen(load, (props: { open: boolean; text: string }) => props.open);

    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen((value) => !value)}>alternar</button>
          <LazyNote open={open} text="Olá" />
        </>
      );
    }
    const { container } = render(<Page />);
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelectorAll("p")).toHaveLength(0);

    await u.click(screen.getByRole("button", { name: "alternar" }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await act(async () => code.resolve(Note));
    expect(await screen.findByRole("dialog")).toHaveTextContent("Olá");

    await u.click(screen.getByRole("button", { name: "alternar" }));
    expect(screen.getByText("fechado")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("preloadable", () => {
  it("fetches once however often it is preloaded and shows the Suspense fallback until the code is here", async () => {
    const code = deferred<() => React.JSX.Element>();
    const load = vi.fn(() => code.promise);
    const page = preloadable(load);
    void page.preload();
    void page.preload();
    render(
      <Suspense fallback={<p>carregando a página</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText("carregando a página")).toBeInTheDocument();
    await act(async () => code.resolve(() => <p>a página</p>));
    expect(await screen.findByText("a página")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("draws code that is already here in the first render, with no fallback frame", async () => {
    const page = preloadable(() => Promise.resolve(({ text }: { text: string }) => <p>{text}</p>));
    await page.preload();
    const seen: string[] = [];
    function Fallback() {
      seen.push("fallback");
      return <p>carregando a página</p>;
    }
    render(
      <Suspense fallback={<Fallback />}>
        <page.Component text="a página, de uma vez" />
      </Suspense>,
    );
    expect(screen.getByText("a página, de uma vez")).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it("tries again after a failed fetch", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(() => <p>ok</p>);
    const page = preloadable(load);
    await expect(page.preload()).rejects.toThrow("offline");
    await expect(page.preload()).resolves.toBeTypeOf("function");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
