// The page: one WebSocket to the host, a full frame on connect, then changed fields only; clicks,
// taps and keys become ScreenActions sent back as JSON. See render.js (drawing), morph.js (updating the
// content in place) and keys.js (keys).
import { renderAlert, renderBarButtons, renderContent, renderTabBar, shortcutsLine } from "./render.js";
import { keyIntent } from "./keys.js";
import { morphChildren } from "./morph.js";

const $ = (id) => document.getElementById(id);
const app = $("app");
const main = $("content");

let screen = null; // the Screen drawn: the host's, or a tab's kept one until the host's comes
let hostScreen = null; // the Screen as the host last sent it (its updates apply to this one)
let provisional = false; // the screen drawn is a kept one: the host's next frame is drawn whole
// Each tab's last screen, by slot: a tab switch draws the target's at once, as the terminal draws the
// tab's kept frame, and the host's fresh screen replaces it when it comes (a busy module never holds it).
const keptScreens = new Map();
let socket = null;
let attempts = 0;
let keyboardUsed = false; // the last input was a key: new screens get a focused item, as in the terminal
const remembered = new Map(); // screen identity → {action, scroll}, so Back returns to the row left
let shownIdentity = null;
let focusSent; // the id of the content focusable the model was last told has the focus
// Per text field id: the values this page sent that the module may not have seen yet (oldest first)
// and the value the module last rendered. A frame's value replaces what the user typed only when the
// module changed it on its own: it differs from the value it rendered before and from every value
// sent and not yet echoed (so a frame that answers an older keystroke never undoes a newer one).
const fields = new Map();
let alertShown = null; // the alert on screen (its JSON), and what had the focus before it
let focusBeforeAlert = null;

// The token opens the WebSocket. It lives in this tab's sessionStorage (per origin, so per port: no
// other server on 127.0.0.1 can read it, as every one of them would receive a cookie) and in memory,
// never in a cookie, and leaves the address bar, the history and bookmarks at once. A reload finds it in
// sessionStorage.
const TOKEN_KEY = "tabhost-token";
const token = (() => {
  const fromAddress = new URLSearchParams(location.search).get("token");
  if (fromAddress !== null) {
    history.replaceState(null, "", location.pathname);
    try {
      sessionStorage.setItem(TOKEN_KEY, fromAddress);
    } catch {
      // Storage disabled: the token lives in memory only, and a reload needs the address again.
    }
    return fromAddress;
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
})();
let opened = false; // a WebSocket opened once: a later close is a lost connection, not a refusal

function connect() {
  if (!token || !/^[0-9a-f]{32}$/.test(token)) {
    setConnection("no-token");
    return;
  }
  // The token travels as a subprotocol: a browser's WebSocket can set no other header. The server answers
  // with "tabhost".
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`, [
    "tabhost",
    `tabhost.token.${token}`,
  ]);
  socket = ws;
  ws.addEventListener("open", () => {
    attempts = 0;
    opened = true;
    keptScreens.clear(); // a host started again may have other tabs in those slots
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
    setConnection(opened ? "lost" : "refused");
    setTimeout(connect, Math.min(5000, 250 * 2 ** attempts++));
  });
}

function setConnection(state) {
  app.classList.toggle("connecting", state !== "live");
  app.dataset.connection = state;
  $("connection").textContent = {
    live: "",
    lost: "Connection lost — reconnecting…",
    refused: "Cannot connect — open the address tabhost printed (it carries ?token=…); retrying…",
    "no-token": "Open the address tabhost printed: it carries ?token=…",
  }[state] ?? "Connecting…";
}

function send(action) {
  if (action && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(action));
}

function receive(message) {
  let changed = null;
  if (message.type === "frame") {
    hostScreen = message.screen;
  } else if (message.type === "update" && hostScreen) {
    const next = { ...hostScreen };
    for (const [key, value] of Object.entries(message.changes)) {
      if (value === null) delete next[key];
      else next[key] = value;
    }
    hostScreen = next;
    // Relative to the host's last screen: after a kept one was drawn, every part may differ.
    if (!provisional) changed = Object.keys(message.changes);
  } else {
    return;
  }
  provisional = false;
  screen = hostScreen;
  const slot = selectedSlot(screen);
  if (slot !== undefined && !screen.isModal && !screen.alert && !screen.content?.awaitsModule) keptScreens.set(slot, screen);
  draw(changed);
}

/** The slot of the selected tab of `shown`'s own tab bar (none for a tab-bar module's or the More item). */
function selectedSlot(shown) {
  const bar = shown?.tabBar;
  if (!bar || bar.custom || !bar.items) return undefined;
  const slot = bar.items.findIndex((item) => item.isSelected && !item.isMore);
  return slot < 0 ? undefined : slot;
}

/** Draws tab `slot`'s kept screen at once, under the tab bar as it is now with that tab selected. */
function drawKeptScreen(slot) {
  const kept = keptScreens.get(slot);
  const current = selectedSlot(screen);
  if (!kept || current === undefined || current === slot || alertShown || screen.isModal) return;
  const items = screen.tabBar.items.map((item, index) => ({ ...item, isSelected: index === slot }));
  // Its notes acted when it was the host's; only the host's next screen carries new ones.
  screen = { ...kept, tabBar: { ...screen.tabBar, items }, status: screen.status };
  delete screen.toast;
  delete screen.clipboard;
  delete screen.focusRequest;
  provisional = true;
  draw(null);
}

/** Draws the parts whose fields changed (all of them when `changed` is null). */
function draw(changed) {
  const has = (...keys) => changed === null || keys.some((key) => changed.includes(key));
  if (has("title", "backLabel", "isModal")) drawTitleBar();
  if (has("content", "title", "backLabel", "isModal")) drawContent();
  if (has("content")) {
    drawBarButtonsAndShortcuts();
    observePlaceholders();
  }
  if (has("tabBar")) drawTabBar();
  if (has("status")) $("status").textContent = screen.status ?? "";
  if (has("alert")) drawAlert();
  if (has("toast")) drawToast();
  if (has("clipboard")) copyToClipboard();
  if (has("focusRequest")) takeFocusRequest();
  app.dataset.frames = String(Number(app.dataset.frames ?? 0) + 1);
}

// ABI 1.3's notes act once per serial; those of the first frame are old news.
const notesSeen = { toast: undefined, clipboard: undefined, focusRequest: undefined };
let toastTimer = null;

/** True the first time `name`'s note shows this serial (false for the first frame's). */
function freshNote(name) {
  const serial = screen[name]?.serial;
  const seen = notesSeen[name];
  notesSeen[name] = serial ?? seen ?? 0;
  return seen !== undefined && serial !== undefined && serial !== seen;
}

// Lazy lists (ABI 1.3): the placeholder rows a scroll (the wheel, a key, the scroll bar) brings into
// view are asked for, with the rows around them (InputRouter.listWindow in the terminal).
const LIST_WINDOW_ROWS = 64;
// The most a list's placeholders are tall together: a list of any count stays under the height a
// browser lays out (past it, each row not drawn takes less than a drawn row, the same for all).
const MAX_PLACEHOLDERS_HEIGHT = 4000000;
const DEFAULT_ROW_HEIGHT = 44;
const MAX_LIST_WINDOW_ROWS = 512;
const rowsAsked = new Map(); // list id → the window last asked for
let pendingEdge = null; // Home/End's target row {list, index}, focused once a frame draws it
let rowsFrame = 0;

function listWindow(first, count, total) {
  const size = Math.min(Math.max(LIST_WINDOW_ROWS, count + LIST_WINDOW_ROWS / 2), MAX_LIST_WINDOW_ROWS);
  const start = Math.max(0, Math.min(first - Math.floor((size - count) / 2), total - size));
  return { start, count: size };
}

function askRows(list, first, count, total) {
  const window = listWindow(first, count, total);
  const key = `${window.start}+${window.count}`;
  if (rowsAsked.get(list) === key) return;
  rowsAsked.set(list, key);
  send({ type: "showRows", list, start: window.start, count: window.count });
}

const rowHeights = new Map(); // list id → the height of its drawn rows, kept while none is drawn

/**
 * Makes each lazy list's placeholders as tall as the rows they stand for (through the CSSOM: the page's
 * CSP refuses style attributes), at the height of its drawn rows.
 */
function sizeLists() {
  for (const list of main.querySelectorAll(".lazy-list")) {
    const id = list.dataset.key;
    const row = list.querySelector(":scope > .row-item:not(.placeholder)");
    const measured = row?.getBoundingClientRect().height ?? 0;
    if (measured > 0) rowHeights.set(id, measured);
    const height = Math.min(rowHeights.get(id) ?? DEFAULT_ROW_HEIGHT, MAX_PLACEHOLDERS_HEIGHT / Number(list.dataset.count));
    list.style.setProperty("--lazy-row", height + "px");
    for (const item of list.querySelectorAll(":scope > .placeholder")) item.style.height = Number(item.dataset.rows) * height + "px";
  }
}

/** After a frame: Home or End's row, then the rows in view asked for. */
function observePlaceholders() {
  rowsAsked.clear(); // the window may have moved since (scroll_to, another front end): ask anew
  // Home or End's row first: once it has the focus and is in view, the rows in view are drawn ones.
  takePendingEdge();
  askVisibleRows();
}

function askVisibleRows() {
  const view = main.getBoundingClientRect();
  for (const item of main.querySelectorAll(".lazy-list > .placeholder")) {
    const box = item.getBoundingClientRect();
    const top = Math.max(box.top, view.top);
    const bottom = Math.min(box.bottom, view.bottom);
    if (bottom <= top || box.height <= 0) continue;
    const rows = Number(item.dataset.rows);
    const first = Number(item.dataset.first);
    const from = first + Math.floor(((top - box.top) / box.height) * rows);
    const to = first + Math.ceil(((bottom - box.top) / box.height) * rows);
    askRows(item.dataset.list, from, Math.max(1, to - from), Number(item.parentElement.dataset.count));
  }
}

main.addEventListener("scroll", () => {
  if (rowsFrame) return;
  rowsFrame = requestAnimationFrame(() => {
    rowsFrame = 0;
    askVisibleRows();
  });
}, { passive: true });

/**
 * The lazy list row at the top of the view and how far below the top it starts: rows coming in change
 * the placeholders' heights (and the rows not drawn may be less tall than those drawn), so the view is kept
 * on that row rather than on a pixel offset.
 */
function listAnchor() {
  const top = main.getBoundingClientRect().top;
  for (const list of main.querySelectorAll(".lazy-list")) {
    for (const item of list.children) {
      const box = item.getBoundingClientRect();
      if (box.bottom <= top || box.height <= 0) continue;
      if (box.top > top) return null; // the top of the view is above the list
      if (!item.classList.contains("placeholder")) {
        const index = listStart(list) + [...list.querySelectorAll(":scope > .row-item:not(.placeholder)")].indexOf(item);
        return { list, index, offset: box.top - top };
      }
      const rows = Number(item.dataset.rows);
      const index = Number(item.dataset.first) + Math.floor(((top - box.top) / box.height) * rows);
      return { list, index, offset: box.top + ((index - Number(item.dataset.first)) * box.height) / rows - top };
    }
  }
  return null;
}

/** Scrolls so that the anchor's row is where it was. */
function keepListAnchor(anchor) {
  if (!anchor || !main.contains(anchor.list)) return;
  const top = main.getBoundingClientRect().top;
  const row = listRow(anchor.list, anchor.index);
  let at = row?.getBoundingClientRect().top;
  if (at === undefined) {
    const item = [...anchor.list.querySelectorAll(":scope > .placeholder")].find((item) =>
      anchor.index >= Number(item.dataset.first) && anchor.index < Number(item.dataset.first) + Number(item.dataset.rows));
    if (!item) return;
    const box = item.getBoundingClientRect();
    at = box.top + ((anchor.index - Number(item.dataset.first)) * box.height) / Number(item.dataset.rows);
  }
  main.scrollTop += at - top - anchor.offset;
}

/** The drawn row `index` of the lazy list element `list`, or undefined while it is a placeholder. */
function listRow(list, index) {
  return list?.querySelectorAll(":scope > .row-item:not(.placeholder)")[index - listStart(list)];
}

/**
 * Home and End: the first or last focusable, which for a lazy list at that end is its row 0 or last
 * row; one not drawn is asked for, the content scrolls to that end (its placeholders show), and the
 * row takes the focus when the frame that draws it arrives.
 */
function goToEdge(last) {
  const all = focusables();
  const lists = [...main.querySelectorAll(".lazy-list")];
  const list = last ? lists.at(-1) : lists[0];
  const outer = last ? all.at(-1) : all[0];
  const listAtEdge = list && (!outer || list.contains(outer)
    || (last ? outer.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING
      : outer.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_PRECEDING));
  if (listAtEdge) {
    const total = Number(list.dataset.count);
    const index = last ? total - 1 : 0;
    const row = listRow(list, index);
    if (!row && total > 0) {
      pendingEdge = { list: list.dataset.key.slice("list:".length), index };
      askRows(pendingEdge.list, index, 1, total);
      main.scrollTop = last ? main.scrollHeight : 0;
      return;
    }
    const target = row?.querySelector("[data-focus]");
    if (target) return focusInView(target);
  }
  if (outer) focusInView(outer);
}

function focusInView(element) {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "nearest" });
}

function takePendingEdge() {
  if (!pendingEdge) return;
  const list = main.querySelector(`[data-key="list:${CSS.escape(pendingEdge.list)}"]`);
  const target = listRow(list, pendingEdge.index)?.querySelector("[data-focus]");
  if (!list) pendingEdge = null;
  if (!target) return;
  pendingEdge = null;
  focusInView(target);
}

/** The index of a lazy list element's first drawn row. */
function listStart(list) {
  return Number(list.dataset.start ?? 0);
}

function drawBarButtonsAndShortcuts() {
  $("bar-leading").replaceChildren(renderBarButtons(screen.content, false));
  $("bar-trailing").replaceChildren(renderBarButtons(screen.content, true));
  $("shortcuts").textContent = shortcutsLine(screen.content);
}

/** A toast (toast, ABI 1.3): one line over the bottom for about 3 s, announced (aria-live). */
function drawToast() {
  if (!freshNote("toast")) return;
  const toast = $("toast");
  toast.textContent = screen.toast.text;
  toast.className = "toast" + (screen.toast.style ?? []).map((name) => " style-" + name).join("");
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, 3000);
}

/** copy_text (ABI 1.3): the Clipboard API, right after the user's click or key that caused it. */
function copyToClipboard() {
  if (!freshNote("clipboard")) return;
  const text = screen.clipboard.text;
  app.dataset.copied = text;
  navigator.clipboard?.writeText(text).catch(() => {});
}

/** focus and scroll_to (ABI 1.3): the named focusable takes the focus, or comes into view. */
function takeFocusRequest() {
  if (!freshNote("focusRequest")) return;
  const target = main.querySelector(`[data-focus="${CSS.escape(screen.focusRequest.text)}"]`)
    ?? main.querySelector(`[data-key="list:${CSS.escape(screen.focusRequest.text)}"]`);
  if (screen.focusRequest.index == null) target?.focus();
  else {
    // scroll_to on a lazy list: its row, drawn by the frame that carries the request.
    const row = target ? listRow(target, screen.focusRequest.index) : undefined;
    row?.querySelector("[data-focus]")?.focus();
    (row ?? target)?.scrollIntoView({ block: "nearest" });
    return;
  }
  target?.scrollIntoView({ block: "nearest" });
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
  return JSON.stringify([screen.contentID ?? 0, screen.title, screen.backLabel ?? null, !!screen.isModal]);
}

/** The focusables of the content in display order (ViewTree.focusables). */
function focusables() {
  return [...main.querySelectorAll("[data-focus]")];
}

function drawContent() {
  // The tab's title line while its module's first view is on its way: busy, for assistive technology.
  if (screen.content?.awaitsModule) main.setAttribute("aria-busy", "true");
  else main.removeAttribute("aria-busy");
  const id = identity();
  const active = document.activeElement;
  const focusedKey = main.contains(active) ? active.dataset.focus : undefined;
  if (shownIdentity !== null && shownIdentity !== id) {
    remembered.delete(shownIdentity);
    remembered.set(shownIdentity, { focus: focusedKey, scroll: main.scrollTop });
    // Every instance is a screen of its own: forget the oldest (a Map keeps insertion order).
    if (remembered.size > 256) remembered.delete(remembered.keys().next().value);
  }
  const sameScreen = shownIdentity === id;
  shownIdentity = id;
  focusSent = undefined; // the model may have moved it (another front end); the next focus is told again
  if (sameScreen) {
    // The same screen with new content: brought up to date in place, so the focused element (a field
    // being typed in, a row) stays what it is.
    const anchor = listAnchor();
    morphChildren(main, renderContent(screen.content));
    sizeLists();
    keepListAnchor(anchor);
    syncFields(false);
    if (focusedKey !== undefined && !main.contains(document.activeElement)) {
      focusables().find((e) => e.dataset.focus === focusedKey)?.focus({ preventScroll: true });
    }
    return;
  }
  const memory = remembered.get(id);
  main.replaceChildren(renderContent(screen.content));
  sizeLists();
  syncFields(true);
  main.scrollTop = memory?.scroll ?? 0;
  const all = focusables();
  let target = memory?.focus !== undefined ? all.find((e) => e.dataset.focus === memory.focus) : undefined;
  // A screen that appears gives its first focusable the focus (as the terminal does) when the
  // keyboard is in use, or when that is a text field, which is there to be typed in.
  if (!target && all.length && (keyboardUsed || all[0].dataset.field !== undefined)) target = all[0];
  if (target && !alertShown) target.focus({ preventScroll: false });
}

/** Text fields after a frame: a module's own change of a value replaces what was typed (above). */
function syncFields(fresh) {
  const seen = new Set();
  for (const input of main.querySelectorAll("[data-field]")) {
    const id = input.dataset.field;
    seen.add(id);
    const rendered = input.dataset.moduleValue;
    let state = fields.get(id);
    if (!state || fresh) {
      state = { pending: [], rendered };
      fields.set(id, state);
      if (input.value !== rendered && !input.matches(":focus")) input.value = rendered;
      continue;
    }
    const echoed = state.pending.indexOf(rendered);
    if (echoed >= 0) {
      state.pending.splice(0, echoed + 1); // the module has seen these
    } else if (rendered !== state.rendered && input.type !== "password" && rendered !== input.value) {
      // The module set a new value itself (cleared the field after a submit, say): it wins.
      const atEnd = input.selectionStart === input.value.length;
      input.value = rendered;
      state.pending = [];
      if (atEnd && input.matches(":focus")) input.setSelectionRange(rendered.length, rendered.length);
    }
    state.rendered = rendered;
  }
  for (const id of [...fields.keys()]) if (!seen.has(id)) fields.delete(id);
}

function drawAlert() {
  const layer = $("alert-layer");
  const alert = screen.alert ?? null;
  if (JSON.stringify(alert) === JSON.stringify(alertShown)) return;
  if (alert && !alertShown) focusBeforeAlert = document.activeElement;
  alertShown = alert;
  app.inert = !!alert;
  if (!alert) {
    layer.replaceChildren();
    layer.hidden = true;
    if (focusBeforeAlert && document.contains(focusBeforeAlert)) focusBeforeAlert.focus({ preventScroll: true });
    focusBeforeAlert = null;
    return;
  }
  layer.replaceChildren(renderAlert(alert));
  layer.hidden = false;
  // The last button (Esc's answer, the one that changes least) has the focus first.
  const buttons = alertButtons();
  buttons[buttons.length - 1]?.focus();
}

function alertButtons() {
  return [...$("alert-layer").querySelectorAll("[data-answer]")];
}

function answer(label) {
  if (alertShown) send({ type: "answerAlert", id: alertShown.id, button: label });
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
  const target = event.target.closest("button, tr[data-action]");
  if (!target || !screen) return;
  if (target.dataset.answer !== undefined) answer(target.dataset.answer);
  else if (alertShown) return;
  else if (target.id === "back") send({ type: "back" });
  else if (target.id === "dismiss") send({ type: "dismiss" });
  else if (target.dataset.slot !== undefined) {
    send({ type: "selectTab", slot: Number(target.dataset.slot) });
    drawKeptScreen(Number(target.dataset.slot));
  }
  else if (target.dataset.toggle !== undefined) {
    // The module's next frame shows the new state (or keeps the old one, if it refuses the change).
    send({ type: "toggle", id: target.dataset.toggle, on: target.getAttribute("aria-checked") !== "true" });
  } else if (target.dataset.action !== undefined) send({ type: "activate", id: target.dataset.action });
});

// Typing: every edit sends the whole value (TAB_EVENT_TEXT).
main.addEventListener("input", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) || input.dataset.field === undefined) return;
  const state = fields.get(input.dataset.field);
  if (state) {
    state.pending.push(input.value);
    if (state.pending.length > 64) state.pending.shift();
  }
  send({ type: "editText", field: input.dataset.field, value: input.value });
});

// The focus among the content's focusables, told to the model when it changes (events carry it).
main.addEventListener("focusin", (event) => {
  const id = event.target.closest?.("[data-focus]")?.dataset.focus;
  if (id === undefined || id === focusSent) return;
  focusSent = id;
  send({ type: "focus", id });
});

document.addEventListener("pointerdown", () => {
  keyboardUsed = false;
});

document.addEventListener("keydown", (event) => {
  if (!screen) return;
  keyboardUsed = true;
  const focusable = focusables();
  const active = document.activeElement;
  const isField = (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && active.dataset.field !== undefined;
  // A focused table row is activated as a button is.
  if (!alertShown && !isField && active instanceof HTMLTableRowElement && active.dataset.action !== undefined
    && (event.key === "Enter" || event.key === " ") && !event.ctrlKey && !event.altKey && !event.metaKey) {
    event.preventDefault();
    send({ type: "activate", id: active.dataset.action });
    return;
  }
  const intent = keyIntent(event, screen, {
    hasFocusable: focusable.length > 0,
    focusedIsButton: active instanceof HTMLButtonElement,
    field: isField ? { multiline: active instanceof HTMLTextAreaElement } : null,
    alert: alertShown,
  });
  if (!intent) return;
  if (!intent.browser) event.preventDefault();
  if (intent.submit) {
    send({ type: "submit", field: active.dataset.field, value: active.value });
  } else if (intent.leaveField) {
    active.blur();
    main.focus({ preventScroll: true });
  } else if (intent.answer) {
    const buttons = alertButtons();
    if (buttons.length) answer(buttons[buttons.length - 1].dataset.answer);
  } else if (intent.cycle) {
    const buttons = alertButtons();
    const index = buttons.indexOf(active);
    buttons[(index + intent.cycle + buttons.length) % buttons.length]?.focus();
  } else if (intent.swallow) {
    // under an alert: nothing
  } else if (intent.edge) {
    goToEdge(intent.edge === "last");
  } else if (intent.focus) {
    const index = focusable.indexOf(active);
    const next = index < 0
      ? (intent.focus > 0 ? 0 : focusable.length - 1)
      : Math.min(Math.max(index + intent.focus, 0), focusable.length - 1);
    focusable[next].focus();
    focusable[next].scrollIntoView({ block: "nearest" });
  } else {
    send(intent.action);
    if (intent.action.type === "selectTab") drawKeptScreen(intent.action.slot);
  }
});

connect();
