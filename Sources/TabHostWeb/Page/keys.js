// The terminal's keys in the browser (TerminalUI's InputRouter, and the browser's list in tab_module.h's
// `enum tab_key`): Up/Down move the focus among the content's focusables, Enter activates, Left/Right
// and 1–9 pick tabs, Shift-Left/Right move the selected tab, Esc/Backspace go back (or dismiss a
// modal); other keys reach the module when the header says so. Ctrl, Alt and Meta combinations stay
// the browser's; `q` reaches the module (closing the page is the browser's).
//
// While a text field has the focus it takes every key: none is a shortcut (digits, `q`, Backspace are
// typed), Enter in a single-line field submits it, Esc leaves it, Tab moves on (the browser's).
// While an alert is shown only its buttons take keys: Esc answers with the last one, Tab cycles.
//
// keyIntent returns what a key means on `screen`, or null to leave the key to the browser:
//   {action: ScreenAction}  send it (and keep the browser from acting on the key)
//   {action, browser: true} send it and let the browser act too (scrolling, focus movement)
//   {focus: +1 | -1}        move the focus among the content's focusables
//   {edge: "first" | "last"} move the focus to the first or last focusable (Home, End)
//   {submit: true}          submit the focused single-line field
//   {leaveField: true}      leave the focused field
//   {answer: "last"}        answer the alert with its last button
//   {cycle: +1 | -1}        move the focus among the alert's buttons
//   {swallow: true}         nothing happens (a key that must not reach what is under an alert)

// tab_key values of the named keys (TabKit's TabKey, tab_module.h).
export const TAB_KEY = {
  up: 0x110001, down: 0x110002, left: 0x110003, right: 0x110004, enter: 0x0d,
  backspace: 0x110005, delete: 0x110006, escape: 0x110007, tab: 0x110008,
  home: 0x110009, end: 0x11000a, pageUp: 0x11000b, pageDown: 0x11000c,
};

const key = (code, browser = false) => ({ action: { type: "key", key: code }, browser });

export function keyIntent(event, screen, { hasFocusable, focusedIsButton, field, alert }) {
  if (alert) {
    if (event.key === "Escape") return { answer: "last" };
    if (event.key === "Tab") return { cycle: event.shiftKey ? -1 : 1 };
    if (event.key === "Enter" || event.key === " ") return focusedIsButton ? null : { swallow: true };
    return event.ctrlKey || event.metaKey || event.altKey ? null : { swallow: true };
  }
  if (field) {
    if (event.isComposing) return null;
    if (event.key === "Escape") return { leaveField: true };
    if (event.key === "Enter" && !field.multiline && !event.shiftKey) return { submit: true };
    return null; // typed, edited, or moved on by the browser; never a shortcut
  }
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const items = screen?.tabBar?.items ?? [];
  const selected = items.findIndex((item) => item.isSelected);
  switch (event.key) {
    case "ArrowUp":
    case "ArrowDown": {
      const step = event.key === "ArrowUp" ? -1 : 1;
      if (hasFocusable) return { focus: step };
      return key(step < 0 ? TAB_KEY.up : TAB_KEY.down);
    }
    case "Home":
    case "End":
      // The first or last focusable (a lazy list's row 0 or last row, asked for when not drawn).
      if (hasFocusable) return { edge: event.key === "Home" ? "first" : "last" };
    // falls through: with nothing focusable the module gets them, and the content scrolls too
    case "PageUp":
    case "PageDown":
      if (hasFocusable) return null;
      return key({ PageUp: TAB_KEY.pageUp, PageDown: TAB_KEY.pageDown, Home: TAB_KEY.home, End: TAB_KEY.end }[event.key], true);
    case "ArrowLeft":
    case "ArrowRight": {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey) {
        const to = selected + step;
        if (selected < 0 || to < 0 || to >= items.length) return { action: null };
        return { action: { type: "moveTab", from: selected, to } };
      }
      if (!screen?.tabBar || selected < 0) return key(step < 0 ? TAB_KEY.left : TAB_KEY.right);
      return { action: { type: "selectTab", slot: (selected + step + items.length) % items.length } };
    }
    case "Enter":
      if (focusedIsButton) return null; // the browser clicks it
      return key(TAB_KEY.enter);
    case "Escape":
    case "Backspace":
      if (screen?.isModal) return { action: { type: "dismiss" } };
      if (screen?.backLabel != null) return { action: { type: "back" } };
      return key(event.key === "Escape" ? TAB_KEY.escape : TAB_KEY.backspace);
    case "Delete":
      return key(TAB_KEY.delete);
    case "Tab":
      // With nothing focusable the module gets it; the browser still moves its focus (to the bars).
      return hasFocusable ? null : key(TAB_KEY.tab, true);
    case " ":
      if (focusedIsButton) return null; // the browser presses it
      break;
    default:
      break;
  }
  if ([...event.key].length !== 1) return null; // F-keys, … stay the browser's
  if (/^[1-9]$/.test(event.key) && Number(event.key) <= items.length) {
    return { action: { type: "selectTab", slot: Number(event.key) - 1 } };
  }
  return key(event.key.codePointAt(0));
}
