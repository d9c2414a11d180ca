// The page: one WebSocket to the host, a full frame on connect, then changed fields only; clicks,
// taps and keys become ScreenActions sent back as JSON. See render.js (drawing) and keys.js (keys).
import { renderContent, renderTabBar } from "./render.js";
import { keyIntent } from "./keys.js";

const $ = (id) => document.getElementById(id);
const app = $("app");
const main = $("content");

let screen = null; // the Screen last received
let socket = null;
let attempts = 0;
let keyboardUsed = false; // the last input was a key: new screens get a focused item, as in the terminal
const remembered = new Map(); // screen identity → {action, scroll}, so Back returns to the row left
let shownIdentity = null;

// The token did its work (the server answered with a session cookie): keep it out of the address bar,
// the history and bookmarks.
if (new URLSearchParams(location.search).has("token")) history.replaceState(null, "", location.pathname);

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket = ws;
  ws.addEventListener("open", () => {
    attempts = 0;
    setConnection("live");
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(message);
  });
  ws.addEventListener("close", () => {
    if (socket !== ws) return;
    socket = null;
    setConnection("lost");
    setTimeout(connect, Math.min(5000, 250 * 2 ** attempts++));
  });
}

function setConnection(state) {
  app.classList.toggle("connecting", state !== "live");
  app.dataset.connection = state;
  $("connection").textContent =
    state === "live" ? "" : state === "lost" ? "Connection lost — reconnecting…" : "Connecting…";
}

function send(action) {
  if (action && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(action));
}

function receive(message) {
  if (message.type === "frame") {
    screen = message.screen;
    draw(null);
  } else if (message.type === "update" && screen) {
    const next = { ...screen };
    for (const [key, value] of Object.entries(message.changes)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    screen = next;
    draw(Object.keys(message.changes));
  }
}

/** Draws the parts whose fields changed (all of them when `changed` is null). */
function draw(changed) {
  const has = (...keys) => changed === null || keys.some((key) => changed.includes(key));
  if (has("title", "backLabel", "isModal")) drawTitleBar();
  if (has("content", "title", "backLabel", "isModal")) drawContent();
  if (has("tabBar")) drawTabBar();
  if (has("status")) $("status").textContent = screen.status ?? "";
  app.dataset.frames = String(Number(app.dataset.frames ?? 0) + 1);
}

function drawTitleBar() {
  $("title").textContent = screen.title;
  document.title = screen.title ? `${screen.title} — TabHost` : "TabHost";
  const back = $("back");
  back.hidden = screen.backLabel == null || screen.isModal;
  $("back-label").textContent = screen.backLabel ?? "";
  back.setAttribute("aria-label", `Back to ${screen.backLabel ?? ""}`.trim());
  $("dismiss").hidden = !screen.isModal;
  app.classList.toggle("modal", !!screen.isModal);
}

/** Where the user is: the same identity means the same screen with new content. */
function identity() {
  return JSON.stringify([screen.title, screen.backLabel ?? null, !!screen.isModal]);
}

function drawContent() {
  const id = identity();
  const active = document.activeElement;
  const focusedAction = main.contains(active) ? active.dataset.action : undefined;
  if (shownIdentity !== null && shownIdentity !== id) {
    remembered.set(shownIdentity, { action: focusedAction, scroll: main.scrollTop });
  }
  const sameScreen = shownIdentity === id;
  const memory = sameScreen ? { action: focusedAction, scroll: main.scrollTop } : remembered.get(id);
  shownIdentity = id;
  main.replaceChildren(renderContent(screen.content));
  main.scrollTop = memory?.scroll ?? 0;
  const focusable = [...main.querySelectorAll("button")];
  let target = memory?.action !== undefined ? focusable.find((b) => b.dataset.action === memory.action) : undefined;
  if (!target && keyboardUsed && (!sameScreen || focusedAction !== undefined)) target = focusable[0];
  if (target) target.focus({ preventScroll: sameScreen });
}

function drawTabBar() {
  const bar = screen.tabBar;
  const top = $("bar-top");
  const bottom = $("bar-bottom");
  const focusedSlot = top.contains(document.activeElement) || bottom.contains(document.activeElement)
    ? document.activeElement.dataset.slot : undefined;
  top.replaceChildren();
  bottom.replaceChildren();
  top.hidden = bottom.hidden = true;
  app.dataset.bar = bar ? bar.position : "none";
  if (!bar) return;
  const nav = bar.position === "top" ? top : bottom;
  nav.append(renderTabBar(bar));
  nav.hidden = false;
  if (focusedSlot !== undefined) nav.querySelector(`[data-slot="${focusedSlot}"]`)?.focus();
}

// Mouse and touch: one click handler for every actionable element.
document.addEventListener("click", (event) => {
  const target = event.target.closest("button");
  if (!target || !screen) return;
  if (target.id === "back") send({ type: "back" });
  else if (target.id === "dismiss") send({ type: "dismiss" });
  else if (target.dataset.slot !== undefined) send({ type: "selectTab", slot: Number(target.dataset.slot) });
  else if (target.dataset.action !== undefined) send({ type: "activate", id: target.dataset.action });
});

document.addEventListener("pointerdown", () => {
  keyboardUsed = false;
});

document.addEventListener("keydown", (event) => {
  if (!screen) return;
  keyboardUsed = true;
  const focusable = [...main.querySelectorAll("button")];
  const active = document.activeElement;
  const intent = keyIntent(event, screen, {
    hasFocusable: focusable.length > 0,
    focusedIsButton: active instanceof HTMLButtonElement,
  });
  if (!intent) return;
  event.preventDefault();
  if (intent.focus) {
    const index = focusable.indexOf(active);
    const next = index < 0
      ? (intent.focus > 0 ? 0 : focusable.length - 1)
      : Math.min(Math.max(index + intent.focus, 0), focusable.length - 1);
    focusable[next].focus();
    focusable[next].scrollIntoView({ block: "nearest" });
  } else {
    send(intent.action);
  }
});

connect();
