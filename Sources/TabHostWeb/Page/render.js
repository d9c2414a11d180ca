// Draws the neutral Screen (TabKit's Codable form) as DOM. No state: every function builds
// elements from values; app.js decides what to draw again when a field changes.
//
// Actionable elements carry data attributes that app.js turns into ScreenActions:
//   data-action="ID"  → {"type":"activate","id":ID} (rows, table rows, buttons, row actions)
//   data-slot="N"     → {"type":"selectTab","slot":N}
//   data-field="ID"   → a text field: {"type":"editText"|"submit","field":ID,"value":…}
//   data-toggle="ID"  → {"type":"toggle","id":ID,"on":…} (aria-checked says the state)
//   data-focus="ID"   → a focusable of the content (ViewTree.focusables): {"type":"focus","id":ID}
//   data-key="…"      → what morph.js matches an element by across frames (fields, toggles, sections)
// The alert is drawn by renderAlert; its buttons carry data-answer="LABEL".

/** The URL of an image the screen shows: frames carry its ticket's address (/image/ID), never a path;
 * "" (an image the server does not serve) loads nothing and leaves the alternative text. */
export function imageURL(address) {
  return typeof address === "string" && /^\/image\/[0-9a-f]{32}$/.test(address) ? address : "";
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function button(className, label) {
  const node = element("button", className, label);
  node.type = "button";
  return node;
}

// The words a screen reader says before styled text, since colour alone says nothing (tab_style).
const TONES = { error: "Error: ", warning: "Warning: ", success: "Success: " };

let toneCount = 0; // numbers the ids of tone words that describe a field

/** A screen-reader-only piece of text. */
function hidden(text) {
  return element("span", "visually-hidden", text);
}

/**
 * Draws a node's `style` (an array of tab_style names) on `node`: a class per name, and for a tone
 * (the first of error, warning, success) a hidden word before the text in `holder`.
 */
function applyStyle(node, style, holder = node) {
  if (!style?.length) return node;
  for (const name of style) node.classList.add("style-" + name);
  const tone = ["error", "warning", "success"].find((name) => style.includes(name));
  if (tone) holder.prepend(hidden(TONES[tone]));
  return node;
}

/** The content tree as children of `main`: sections, rows, text, buttons, images, fields, toggles,
 *  progress bars, tables. */
export function renderContent(tree) {
  toneCount = 0; // the same content gets the same ids, so updating it in place changes none
  const fragment = document.createDocumentFragment();
  let group = null; // the list rows go into: the current section's, or a loose one
  let section = null;
  const container = () => section ?? fragment;
  const rowList = () => {
    if (!group) {
      group = element("ul", "rows");
      container().append(group);
    }
    return group;
  };
  for (const node of tree?.nodes ?? []) {
    switch (node.type) {
      case "section": {
        section = element("section", "section");
        section.dataset.key = "section:" + (node.title ?? "");
        if (node.title) section.append(applyStyle(element("h2", "section-title", node.title), node.style));
        fragment.append(section);
        group = null;
        break;
      }
      case "row": {
        const item = element("li", "row-item");
        if (node.action != null) item.dataset.key = "row:" + node.action;
        item.append(isDisabled(node) ? renderRow({ ...node, action: null }) : renderRow(node));
        if (node.rowActions?.length) item.append(renderRowActions(node.rowActions));
        rowList().append(item);
        break;
      }
      case "text":
        container().append(applyStyle(element("p", "text", node.text), node.style));
        group = null;
        break;
      case "button": {
        const b = applyStyle(button("action-button", node.label), node.style);
        b.dataset.key = "button:" + node.action;
        if (isDisabled(node)) b.disabled = true; // enabled(view, 0): neither focused nor activated
        else {
          b.dataset.action = node.action;
          b.dataset.focus = node.action;
        }
        container().append(b);
        group = null;
        break;
      }
      case "textField":
        container().append(renderTextField(node));
        group = null;
        break;
      case "toggle":
        container().append(renderToggle(node));
        group = null;
        break;
      case "progress":
        container().append(renderProgress(node));
        group = null;
        break;
      case "table":
        container().append(renderTable(node));
        group = null;
        break;
      case "spans": {
        // One paragraph of styled runs (spans, ABI 1.3).
        const p = applyStyle(element("p", "text spans"), node.style);
        for (const run of node.spans ?? []) p.append(applyStyle(element("span", "span", run.text), run.style));
        container().append(p);
        group = null;
        break;
      }
      case "list": {
        // A lazy list (ABI 1.3): the rows not drawn are placeholders, one dim line per row position
        // (a spacer app.js makes as tall as those rows), so the list keeps its height and the scroll its
        // place; app.js asks for the rows a scroll brings into view.
        const list = element("ul", "rows lazy-list");
        list.dataset.key = "list:" + node.id;
        list.dataset.start = String(node.start);
        list.dataset.count = String(node.count);
        list.setAttribute("aria-rowcount", String(node.count));
        const placeholder = (first, count) => {
          const item = element("li", "row-item placeholder");
          item.dataset.key = `gap:${node.id}:${first === 0 ? "before" : "after"}`;
          item.dataset.list = node.id;
          item.dataset.first = String(first);
          item.dataset.rows = String(count);
          item.setAttribute("aria-label", `Rows ${first + 1} to ${first + count}, not loaded yet`);
          return item;
        };
        const drawn = Math.min(node.rows?.length ?? 0, Math.max(0, node.count - node.start));
        if (node.start > 0) list.append(placeholder(0, node.start));
        for (const row of (node.rows ?? []).slice(0, drawn)) {
          const item = element("li", "row-item");
          if (row.type === "row") {
            if (row.action != null && !isDisabled(row)) item.dataset.key = "row:" + row.action;
            item.append(isDisabled(row) ? renderRow({ ...row, action: null }) : renderRow(row));
            if (row.rowActions?.length) item.append(renderRowActions(row.rowActions));
          } else if (row.type === "table") {
            item.append(renderTable(row));
          }
          list.append(item);
        }
        const more = node.count - node.start - drawn;
        if (more > 0) list.append(placeholder(node.start + drawn, more));
        container().append(list);
        group = null;
        break;
      }
      case "image": {
        const figure = element("figure", "image");
        const img = element("img");
        img.src = imageURL(node.path);
        img.alt = node.alt ?? "";
        figure.append(img);
        container().append(figure);
        group = null;
        break;
      }
      default:
        break; // a node type this page does not know: skipped, as a text front end would
    }
  }
  return fragment;
}

/** True for a node drawn disabled (enabled(view, 0), ABI 1.3). */
function isDisabled(node) {
  return !!node.style?.includes("disabled");
}

/** The title bar's buttons (bar_button, ABI 1.3) of one side: real buttons; a disabled one is. */
export function renderBarButtons(tree, trailing) {
  const fragment = document.createDocumentFragment();
  for (const item of tree?.barButtons ?? []) {
    if ((item.trailing !== false) !== trailing) continue;
    const b = button("bar-button", item.label);
    if (item.enabled === false) b.disabled = true;
    else b.dataset.action = item.action;
    fragment.append(b);
  }
  return fragment;
}

/** The footer line of a screen's shortcuts (`/ Search  n New`). */
export function shortcutsLine(tree) {
  const names = { 0x110005: "Backspace", 0x110006: "Del", 0x110009: "Home", 0x11000a: "End", 0x11000b: "PgUp", 0x11000c: "PgDn" };
  return (tree?.shortcuts ?? [])
    .map((s) => (names[s.key] ?? (s.key === 32 ? "Space" : String.fromCodePoint(s.key))) + " " + s.label)
    .join("  ");
}

/** One row: a button when it has an action (with a disclosure chevron), else an inert line. */
function renderRow(row) {
  const node = row.action != null ? button("row actionable") : element("div", "row");
  if (row.action != null) {
    node.dataset.action = row.action;
    node.dataset.focus = row.action;
  }
  if (row.glyph) node.append(element("span", "glyph", row.glyph));
  const labels = element("span", "labels");
  const title = element("span", "row-title", row.title);
  labels.append(title);
  applyStyle(node, row.style, title);
  if (row.detail) labels.append(element("span", "detail", row.detail));
  node.append(labels);
  if (row.badge != null) node.append(renderBadge(row.badge));
  if (row.action != null) {
    const disclosure = element("span", "disclosure", "›");
    disclosure.setAttribute("aria-hidden", "true");
    node.append(disclosure);
  }
  return node;
}

/** A row's secondary actions (row_action): small buttons after it. */
function renderRowActions(actions) {
  const group = element("span", "row-actions");
  for (const action of actions) {
    const b = button("row-action", action.label);
    b.dataset.action = action.action;
    group.append(b);
  }
  return group;
}

/**
 * A text field: `<input>` (type password when secure) or `<textarea>` when multiline, its role
 * textbox implicit, named by its placeholder (else its id). Its value is set here only for a new
 * element; app.js decides when a frame's value replaces what the user typed.
 */
function renderTextField(node) {
  const wrapper = applyStyle(element("div", "field"), node.style);
  let input;
  if (node.multiline) {
    input = element("textarea", "field-input");
    input.rows = 4;
  } else {
    input = element("input", "field-input");
    input.type = node.secure ? "password" : "text";
    input.setAttribute("enterkeyhint", "done");
  }
  input.autocomplete = "off";
  input.value = node.value ?? "";
  if (node.placeholder) input.placeholder = node.placeholder;
  input.setAttribute("aria-label", node.placeholder || node.id);
  input.dataset.field = node.id;
  input.dataset.focus = node.id;
  input.dataset.moduleValue = node.secure ? "" : (node.value ?? "");
  wrapper.dataset.key = "field:" + node.id;
  wrapper.append(input);
  const tone = wrapper.querySelector(".visually-hidden");
  if (tone) {
    // The tone's word joins the field's description rather than sitting outside it (an id of its
    // own: a field's id may hold spaces, which aria-describedby would split).
    tone.id = "tone-" + ++toneCount;
    input.setAttribute("aria-describedby", tone.id);
  }
  return wrapper;
}

/** A toggle: a button with role switch, aria-checked its state, its label its name. */
function renderToggle(node) {
  const b = button("toggle");
  b.setAttribute("role", "switch");
  b.setAttribute("aria-checked", node.on ? "true" : "false");
  b.dataset.toggle = node.id;
  b.dataset.focus = node.id;
  b.dataset.key = "toggle:" + node.id;
  const label = element("span", "toggle-label", node.label);
  const track = element("span", "switch");
  track.setAttribute("aria-hidden", "true");
  track.append(element("span", "knob"));
  b.append(label, track);
  return applyStyle(b, node.style, label);
}

/** A progress bar: `<progress>` (no value while indeterminate) named by its label. */
function renderProgress(node) {
  const figure = applyStyle(element("div", "progress"), node.style);
  const bar = element("progress");
  bar.max = 1;
  if (node.fraction != null) bar.value = Math.min(Math.max(node.fraction, 0), 1);
  const text = node.label ?? "";
  if (text || node.fraction != null) {
    const caption = element("div", "progress-caption");
    caption.append(element("span", "progress-label", text));
    if (node.fraction != null) {
      const percent = element("span", "progress-percent", Math.round(bar.value * 100) + "%");
      percent.setAttribute("aria-hidden", "true"); // the bar itself says it
      caption.append(percent);
    }
    figure.prepend(caption);
  }
  bar.setAttribute("aria-label", text || "Progress");
  figure.append(bar);
  return figure;
}

/**
 * A table: `<th>` column headers (none when the module gave none), one `<tr>` per row; a row with an
 * action is focusable and activated by click, Enter or Space (app.js), its row actions small buttons
 * in a last column.
 */
function renderTable(node) {
  const table = applyStyle(element("table", "table"), node.style);
  const rows = node.rows ?? [];
  const columns = rows.reduce((n, row) => Math.max(n, row.cells.length), node.headers.length);
  const withActions = rows.some((row) => row.rowActions?.length);
  if (node.headers.length) {
    const head = element("thead");
    const line = element("tr");
    for (let i = 0; i < columns; i++) {
      const th = element("th", null, node.headers[i] ?? "");
      th.scope = "col";
      line.append(th);
    }
    if (withActions) {
      const th = element("th", "actions-header");
      th.scope = "col";
      th.append(hidden("Actions"));
      line.append(th);
    }
    head.append(line);
    table.append(head);
  }
  const body = element("tbody");
  for (const row of rows) {
    const line = element("tr");
    for (let i = 0; i < columns; i++) line.append(element("td", null, row.cells[i] ?? ""));
    if (row.action != null) {
      line.className = "actionable";
      line.tabIndex = 0;
      line.dataset.action = row.action;
      line.dataset.focus = row.action;
      line.dataset.key = "tr:" + row.action;
    }
    applyStyle(line, row.style, line.firstElementChild ?? line);
    if (withActions) {
      const cell = element("td", "row-actions-cell");
      if (row.rowActions?.length) cell.append(renderRowActions(row.rowActions));
      line.append(cell);
    }
    body.append(line);
  }
  table.append(body);
  return table;
}

/**
 * The alert (Screen.alert): a role alertdialog named by its title and described by its message,
 * with one button per answer (data-answer). app.js shows it modally and traps the focus in it.
 */
export function renderAlert(alert) {
  const dialog = element("div", "alert");
  dialog.setAttribute("role", "alertdialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", "alert-title");
  dialog.dataset.alert = alert.id;
  dialog.append(element("h2", "alert-title", alert.title));
  dialog.lastChild.id = "alert-title";
  if (alert.message) {
    const message = element("p", "alert-message", alert.message);
    message.id = "alert-message";
    dialog.setAttribute("aria-describedby", "alert-message");
    dialog.append(message);
  }
  const buttons = element("div", alert.buttons.length > 2 ? "alert-buttons stacked" : "alert-buttons");
  for (const label of alert.buttons) {
    const b = button("alert-button", label);
    b.dataset.answer = label;
    buttons.append(b);
  }
  dialog.append(buttons);
  return dialog;
}

function renderBadge(text) {
  const badge = element("span", text === "" ? "badge dot" : "badge", text);
  if (text === "") badge.setAttribute("aria-label", "new");
  return badge;
}

/** The tab bar: the default bar of items, or a tab-bar module's own rendering. */
export function renderTabBar(bar) {
  const list = element("div", bar.custom ? "tablist custom" : "tablist");
  list.setAttribute("role", "tablist");
  list.setAttribute("aria-label", "Tabs");
  if (bar.custom) {
    for (const node of bar.custom.nodes ?? []) {
      const drawn = renderCustomNode(node, bar);
      if (drawn) list.append(drawn);
    }
  } else {
    bar.items.forEach((item, slot) => list.append(renderTab(item, slot)));
  }
  return list;
}

function renderTab(item, slot) {
  const tab = button(item.isMore ? "tab more" : "tab");
  tab.setAttribute("role", "tab");
  tab.setAttribute("aria-selected", item.isSelected ? "true" : "false");
  tab.dataset.slot = String(slot);
  const icon = element("span", "tab-icon");
  if (item.image) {
    const img = element("img");
    img.src = imageURL(item.image);
    img.alt = item.title;
    icon.append(img);
  } else {
    const glyph = element("span", "tab-glyph", item.glyph ?? (item.isMore ? "…" : item.title.slice(0, 1)));
    glyph.setAttribute("aria-hidden", "true");
    icon.append(glyph);
  }
  if (item.badge != null) icon.append(renderBadge(item.badge));
  tab.append(icon);
  const title = element("span", "tab-title", item.title);
  // With an image, its alt already names the tab.
  if (item.image) title.setAttribute("aria-hidden", "true");
  tab.append(title);
  return tab;
}

/** A node of a tab-bar module's rendering: a button naming a slot is that slot's tab. */
function renderCustomNode(node, bar) {
  const slotOf = (id) => {
    // TabBar.slot(forAction:): canonical decimal, in range.
    if (!/^(0|[1-9][0-9]*)$/.test(id)) return null;
    const slot = Number(id);
    return slot < bar.items.length ? slot : null;
  };
  const actionable = (label, id, extraClass) => {
    const slot = slotOf(id);
    const b = button("custom-item " + extraClass, label);
    if (slot !== null) {
      b.setAttribute("role", "tab");
      b.setAttribute("aria-selected", bar.items[slot].isSelected ? "true" : "false");
      b.dataset.slot = String(slot);
    } else {
      b.dataset.action = id;
    }
    return b;
  };
  switch (node.type) {
    case "button":
      return actionable(node.label, node.action, "");
    case "row":
      return node.action != null
        ? actionable((node.glyph ? node.glyph + " " : "") + node.title, node.action, "row")
        : element("span", "custom-text", node.title);
    case "text":
      return element("span", "custom-text", node.text);
    case "image": {
      const img = element("img", "custom-image");
      img.src = imageURL(node.path);
      img.alt = node.alt ?? "";
      return img;
    }
    case "section":
      return node.title ? element("span", "custom-section", node.title) : null;
    default:
      return null;
  }
}
