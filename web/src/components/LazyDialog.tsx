import { lazyWhenOpen } from "../lib/lazyComponent";

/**
 * The dialog for screens that load with the page (navigation menu, 'Hora de Brilhar!'): its code
 * (Radix, focus trap, scroll lock) is fetched when it first opens. It takes no `trigger`: the
 * opener is an ordinary button, and Radix returns focus to it on close.
 */
export const LazyDialog = lazyWhenOpen(() => import("./Dialog").then((m) => m.Dialog), (props) => props.open === true);
