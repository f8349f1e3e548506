import { useEffect } from "react";

/**
 * Keeps toasts above the message box while it is on screen ('Conversa iniciada!' covered it on a
 * phone, issue 24): the toast list reads --toast-clearance, the height from the box's top to the
 * bottom of the screen.
 */
export function useToastsAbove(box: { current: HTMLElement | null }) {
  useEffect(() => {
    const root = document.documentElement;
    const place = () => {
      const rect = box.current?.getBoundingClientRect();
      const height = window.innerHeight;
      const clearance = !rect || rect.bottom <= 0 || rect.top >= height ? 0 : Math.round(height - rect.top);
      root.style.setProperty("--toast-clearance", `${clearance}px`);
    };
    place();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(place) : null;
    if (box.current) observer?.observe(box.current);
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, { passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place);
      root.style.removeProperty("--toast-clearance");
    };
  }, [box]);
}
