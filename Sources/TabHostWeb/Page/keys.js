// The terminal's keys in the browser (TerminalUI's InputRouter): Up/Down move the focus among the
// content's rows and buttons, Enter activates, Left/Right and 1–9 pick tabs, Shift-Left/Right move
// the selected tab, Esc/Backspace go back (or dismiss a modal); other characters go to the module.
//
// keyIntent returns what a key means on `screen`, or null to leave the key to the browser:
//   {action: ScreenAction}  send it
//   {focus: +1 | -1}        move the focus among the content's actionable elements
// Enter on a focused button is left to the browser, which clicks it.

// tab_key values of the named keys (TabKit's TabKey, tab_module.h).
export const TAB_KEY = { up: 0x110001, down: 0x110002, left: 0x110003, right: 0x110004, enter: 0x0d };

export function keyIntent(event, screen, { hasFocusable, focusedIsButton }) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const items = screen?.tabBar?.items ?? [];
  const selected = items.findIndex((item) => item.isSelected);
  switch (event.key) {
    case "ArrowUp":
    case "ArrowDown": {
      const step = event.key === "ArrowUp" ? -1 : 1;
      if (hasFocusable) return { focus: step };
      return { action: { type: "key", key: step < 0 ? TAB_KEY.up : TAB_KEY.down } };
    }
    case "ArrowLeft":
    case "ArrowRight": {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey) {
        const to = selected + step;
        if (selected < 0 || to < 0 || to >= items.length) return { action: null };
        return { action: { type: "moveTab", from: selected, to } };
      }
      if (selected < 0) return { action: { type: "key", key: step < 0 ? TAB_KEY.left : TAB_KEY.right } };
      return { action: { type: "selectTab", slot: (selected + step + items.length) % items.length } };
    }
    case "Enter":
      if (focusedIsButton) return null;
      return { action: { type: "key", key: TAB_KEY.enter } };
    case "Escape":
    case "Backspace":
      if (screen?.isModal) return { action: { type: "dismiss" } };
      if (screen?.backLabel != null) return { action: { type: "back" } };
      return { action: { type: "key", key: event.key === "Escape" ? 0x1b : 0x7f } };
    case "Tab":
    case " ":
      return null; // the browser's own focus movement and button press
    default:
      break;
  }
  if ([...event.key].length !== 1) return null; // F-keys, Home, … stay the browser's
  if (/^[1-9]$/.test(event.key) && Number(event.key) <= items.length) {
    return { action: { type: "selectTab", slot: Number(event.key) - 1 } };
  }
  return { action: { type: "key", key: event.key.codePointAt(0) } };
}
