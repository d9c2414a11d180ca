// Draws the neutral Screen (TabKit's Codable form) as DOM. No state: every function builds
// elements from values; app.js decides what to draw again when a field changes.
//
// Actionable elements carry data attributes that app.js turns into ScreenActions:
//   data-action="ID"  → {"type":"activate","id":ID}
//   data-slot="N"     → {"type":"selectTab","slot":N}

/** The URL of an image the screen references (the server serves nothing else). */
export function imageURL(path) {
  return "/image?path=" + encodeURIComponent(path);
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

/** The content tree as children of `main`: sections with their rows, text, buttons, images. */
export function renderContent(tree) {
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
        if (node.title) section.append(element("h2", "section-title", node.title));
        fragment.append(section);
        group = null;
        break;
      }
      case "row": {
        const item = element("li");
        item.append(renderRow(node));
        rowList().append(item);
        break;
      }
      case "text":
        container().append(element("p", "text", node.text));
        group = null;
        break;
      case "button": {
        const b = button("action-button", node.label);
        b.dataset.action = node.action;
        container().append(b);
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

/** One row: a button when it has an action (with a disclosure chevron), else an inert line. */
function renderRow(row) {
  const node = row.action != null ? button("row actionable") : element("div", "row");
  if (row.action != null) node.dataset.action = row.action;
  if (row.glyph) node.append(element("span", "glyph", row.glyph));
  const labels = element("span", "labels");
  labels.append(element("span", "row-title", row.title));
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
