/**
 * Taps on the cards the server drew into `/` before the app has taken them over (issue 24 item 16).
 *
 * A drawn card is readable from the first paint, but its buttons do nothing until the app's code has
 * arrived and React has hydrated the board (seconds on a slow phone). This script stands in the page
 * itself (inline, before #root, so it listens from the first paint): a tap on an element marked
 * `data-early-tap="<key>"` is taken (the event stops here, so neither the browser nor React acts on
 * it), the button shows it is pending (`data-early-pending`, `aria-busy`), and the key waits. Once
 * the board is live the app calls `window.__earlyTaps.release()`: the listener goes, the pending
 * marks go, and the app clicks each waiting button itself (web/src/lib/earlyTaps.ts), so the tap
 * does exactly what the live app does for that tap, once. A second tap on a pending button is not
 * queued again. With a toggle (`aria-pressed`), the state she saw is kept: if the live button
 * already shows what she asked for (a member's own likes replace the visitor's drawing), it is not
 * pressed again.
 *
 * The board is drawn as a disabled fieldset marked `data-early-board`, so that without JavaScript
 * its buttons say they do nothing; this script enables it as the parser inserts it (a mutation
 * observer, until the document is parsed), before it is painted.
 *
 * Written as a string because it is sent as it is: the server allows exactly this script by its
 * hash in the Content-Security-Policy (graphql-server/src/app.ts), the web build puts it in every
 * page (web/vite.config.ts). Old browsers without `closest` simply skip it.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var w=window,d=document,q=[],k={},en=function(){var f=d.querySelectorAll("fieldset[data-early-board][disabled]");for(var i=0;i<f.length;i++)f[i].disabled=false},mo=w.MutationObserver&&new MutationObserver(en);if(mo){mo.observe(d.documentElement,{childList:true,subtree:true});d.addEventListener("DOMContentLoaded",function(){en();mo.disconnect()})}var on=function(e){var t=e.target,b=t&&t.closest&&t.closest("[data-early-tap]");if(!b)return;e.preventDefault();e.stopImmediatePropagation();var key=b.getAttribute("data-early-tap");if(k[key])return;k[key]=1;q.push({key:key,pressed:b.getAttribute("aria-pressed")});b.setAttribute("data-early-pending","");b.setAttribute("aria-busy","true")};w.addEventListener("click",on,true);w.__earlyTaps={release:function(){w.removeEventListener("click",on,true);var p=d.querySelectorAll("[data-early-pending]");for(var i=0;i<p.length;i++){p[i].removeAttribute("data-early-pending");p[i].removeAttribute("aria-busy")}var t=q;q=[];k={};this.release=function(){return[]};return t}}})();';

/** The attribute that marks a drawn button whose tap is kept until the app is live. */
export const EARLY_TAP_ATTRIBUTE = "data-early-tap";
/** Set on a button while its early tap waits (styled by the app's global styles). */
export const EARLY_TAP_PENDING_ATTRIBUTE = "data-early-pending";
/** Set on the board once it is live: its taps act at once and the early taps were replayed. */
export const BOARD_LIVE_ATTRIBUTE = "data-live";

/** One tap the page kept: the button's key, and its `aria-pressed` when tapped (null when not a toggle). */
export interface EarlyTap {
  key: string;
  pressed: string | null;
}
