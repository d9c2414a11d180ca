// Brings the live content up to date with a freshly rendered copy instead of replacing it, so a frame
// that arrives while the user types keeps the field they type in (its element, focus, caret, IME
// composition) and a focused row or button keeps the focus. Elements are matched by `data-key` where
// render.js gives one (fields, toggles, rows, sections), else by position and tag.
//
// A form control's live state (an input's value, selection) is not an attribute: morph never touches
// it; app.js decides when a module's value replaces what the user typed.

/** Makes `live`'s children look like `fresh`'s (which it consumes). */
export function morphChildren(live, fresh) {
  const wanted = [...fresh.childNodes];
  let index = 0;
  for (const next of wanted) {
    const current = live.childNodes[index];
    const key = next.nodeType === Node.ELEMENT_NODE ? next.dataset.key : undefined;
    if (key !== undefined) {
      // The keyed element further on, if any: what lies between is dropped (never moving the element
      // itself, which would take the focus from it).
      let match = current;
      while (match && !(match.nodeType === Node.ELEMENT_NODE && match.dataset.key === key && match.tagName === next.tagName)) {
        match = match.nextSibling;
      }
      if (match) {
        while (live.childNodes[index] !== match) live.childNodes[index].remove();
        morph(match, next);
        index++;
        continue;
      }
    } else if (current && sameKind(current, next)) {
      morph(current, next);
      index++;
      continue;
    }
    live.insertBefore(next, current ?? null);
    index++;
  }
  while (live.childNodes.length > index) live.lastChild.remove();
}

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  // A keyed element is only ever matched by its key.
  return a.tagName === b.tagName && a.dataset.key === undefined && a.type === b.type;
}

function morph(live, fresh) {
  if (live.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  for (const { name } of [...live.attributes]) {
    if (!fresh.hasAttribute(name)) live.removeAttribute(name);
  }
  for (const { name, value } of [...fresh.attributes]) {
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  // (A <progress>'s value is its attribute: without one it is indeterminate.)
  if (!(live instanceof HTMLTextAreaElement)) morphChildren(live, fresh);
}
