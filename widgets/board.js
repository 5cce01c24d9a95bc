// BoardWidget, browser half (anywidget ESM; no build step).
// Python draws the board as SVG (trait `svg`); elements the player may click carry
// `data-option` (their first option id) and `data-options` (all of them, JSON). A click on an
// element with one option sends {type: "choose", id, fingerprint} to Python, which applies the
// move, re-renders and updates the traits; this view just redraws. An element with several
// options is *selected*: the elements that share exactly one of its options are highlighted as its
// targets (a click there chooses that option) and a small menu lists every option it has, by label
// (select, then target). A card whose options place it at a position (trait `slots`, a Hearthstone minion
// played from hand) shows thin drop markers between and around the cards of the board it goes to; a
// marker with one option chooses it, one with several (a position and a target) is selected in turn.
// The menu lists only what the board cannot show. A click on a card that offers nothing sends {type: "why_not", about} and
// Python answers in `message` with the rule that keeps it from acting.
// It never sets a trait: Python owns them all (the seat above all) and refuses state sent from here.

function el_(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
  const root = el_("div", "tt-board-widget");
  const status = el_("div", "tt-status-line");
  const title = el_("span", "tt-title");
  const prompt = el_("span", "tt-prompt");
  status.append(title, prompt);
  const board = el_("div", "tt-board");
  const choices = el_("div", "tt-choices");
  choices.hidden = true;
  const options = el_("div", "tt-options");
  const message = el_("div", "tt-message");
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  root.append(status, board, choices, options, message);
  el.replaceChildren(root);

  const send = (id) => {
    clearSelection();
    model.send({ type: "choose", id: String(id), fingerprint: model.get("fingerprint") });
  };
  const legal = () => new Map((model.get("options") || []).map((o) => [o.id, o.label || o.id]));
  // the open decision's options this element offers (every one of them, not only the first)
  const idsOf = (node, known) => {
    let ids;
    try {
      ids = JSON.parse(node.getAttribute("data-options") || "null");
    } catch (_error) {
      ids = null;
    }
    if (!Array.isArray(ids)) ids = node.hasAttribute("data-option") ? [node.getAttribute("data-option")] : [];
    return ids.map(String).filter((id) => known.has(id));
  };
  const nameOf = (node) => {
    if (node.dataset.name) return node.dataset.name; // a drop marker: its card and position
    const t = node.querySelector("title");
    return t ? t.textContent.split("\n")[0] : node.getAttribute("data-id") || "";
  };

  let selected = null; // the element selected, while its targets are highlighted
  function clearSelection(keep) {
    selected = null;
    for (const node of board.querySelectorAll(".tt-slot")) if (node !== keep) node.remove();
    for (const node of board.querySelectorAll(".tt-selected, .tt-target")) {
      node.classList.remove("tt-selected", "tt-target");
      if (!node.classList.contains("tt-slot")) delete node.dataset.pick;
    }
    choices.replaceChildren();
    choices.hidden = true;
  }
  const SVG = "http://www.w3.org/2000/svg";
  // a rectangle of the page in the svg's own coordinates
  const inSvg = (svg, r) => {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const inv = m.inverse();
    const a = new DOMPoint(r.left, r.top).matrixTransform(inv);
    const b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
    return { left: a.x, top: a.y, right: b.x, bottom: b.y };
  };
  // drop markers for the options of `ids` that place a card (the `slots` trait): one per position,
  // between the cards either side of it (or in the middle of an empty zone); returns the ids they offer
  const drawSlots = (ids, known) => {
    const svg = board.querySelector("svg");
    const mine = new Set(ids);
    const groups = new Map();
    for (const slot of model.get("slots") || []) {
      if (!mine.has(slot.option) || !known.has(slot.option)) continue;
      const key = `${slot.zone}#${slot.index}`;
      if (!groups.has(key)) groups.set(key, { slot, ids: [] });
      groups.get(key).ids.push(slot.option);
    }
    const placed = [];
    if (!svg) return placed;
    const box = (id) => {
      const node = id ? board.querySelector(`[data-id="${CSS.escape(id)}"]`) : null;
      return node ? inSvg(svg, node.getBoundingClientRect()) : null;
    };
    for (const { slot, ids: here } of groups.values()) {
      const after = box(slot.after);
      const before = box(slot.before);
      const zone = board.querySelector(`[data-zone="${CSS.escape(slot.zone)}"] .tt-zone-bg`);
      const area = zone ? inSvg(svg, zone.getBoundingClientRect()) : null;
      const side = after || before || area;
      if (!side) continue;
      const width = 10;
      let x;
      if (after && before) x = (after.right + before.left) / 2;
      else if (after) x = after.right + width / 2 + 2;
      else if (before) x = before.left - width / 2 - 2;
      else x = (area.left + area.right) / 2;
      if (area) x = Math.min(Math.max(x, area.left + width / 2 + 1), area.right - width / 2 - 1); // inside its zone
      const top = after || before ? Math.min(...[after, before].filter(Boolean).map((b) => b.top)) : area.top + 20;
      const bottom = after || before ? Math.max(...[after, before].filter(Boolean).map((b) => b.bottom)) : area.bottom - 6;
      const marker = document.createElementNS(SVG, "rect");
      marker.setAttribute("class", "tt-slot tt-target tt-clickable");
      marker.setAttribute("x", String(x - width / 2));
      marker.setAttribute("y", String(top));
      marker.setAttribute("width", String(width));
      marker.setAttribute("height", String(Math.max(bottom - top, 20)));
      marker.setAttribute("rx", "4");
      marker.setAttribute("data-option", here[0]);
      marker.setAttribute("data-options", JSON.stringify(here));
      marker.setAttribute("data-slot", `${slot.zone}#${slot.index}`);
      if (here.length === 1) marker.dataset.pick = here[0];
      const actor = board.querySelector(`[data-id="${CSS.escape(slot.actor)}"]`);
      marker.dataset.name = `${actor ? nameOf(actor) : slot.actor}, at position ${slot.index}`;
      const title = document.createElementNS(SVG, "title");
      title.textContent = here.map((id) => known.get(id)).join("\n");
      marker.append(title);
      marker.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        if (here.length === 1) send(here[0]);
        else select(marker, here, known); // a position and then a target
      });
      svg.append(marker);
      placed.push(...here);
    }
    return placed;
  };
  // `own`: the options are the node's own acts (then what the board shows is left out of the menu); a
  // card that is only the target of others' options lists them all, even those a highlight also offers
  const select = (node, ids, known, own = true) => {
    const isSlot = node.classList.contains("tt-slot");
    clearSelection(isSlot ? node : undefined);
    selected = node;
    node.classList.add("tt-selected");
    const mine = new Set(ids);
    const onBoard = new Set(isSlot || !own ? [] : drawSlots(ids, known));
    for (const other of board.querySelectorAll("[data-option]")) {
      if (other === node || other.classList.contains("tt-slot")) continue;
      const common = idsOf(other, known).filter((id) => mine.has(id));
      if (common.length === 1) {
        other.classList.add("tt-target");
        other.dataset.pick = common[0];
        if (own) onBoard.add(common[0]);
      }
    }
    // the menu lists what the board cannot show (the fallback); with nothing left, it only says what to do
    const rest = ids.filter((id) => !onBoard.has(id));
    const where = board.querySelector(".tt-slot:not(.tt-selected)") ? "a highlighted place" : "a highlighted target";
    const head = rest.length
      ? `${nameOf(node)}: choose one${board.querySelector(".tt-target:not(.tt-selected)") ? `, or click ${where}` : ""}`
      : `${nameOf(node)}: click ${where} on the board`;
    choices.append(el_("span", "tt-choices-head", head));
    for (const id of rest) {
      const button = el_("button", "tt-choice-button", known.get(id));
      button.type = "button";
      button.title = id;
      button.setAttribute("data-choice", id);
      button.addEventListener("click", (event) => {
        event.preventDefault();
        send(id);
      });
      choices.append(button);
    }
    const cancel = el_("button", "tt-choice-cancel", "cancel");
    cancel.type = "button";
    cancel.addEventListener("click", (event) => {
      event.preventDefault();
      clearSelection();
    });
    choices.append(cancel);
    choices.hidden = false;
  };
  // the card an option is done *by*. Option ids name objects as parts joined by : > # @ +, the actor
  // first ("attack:c5>c9", "play:c5@2"); a card that offers an option without being named in it (a hero
  // power offering "power>c9") is its actor
  const actorOf = (id, known) => {
    const named = String(id).split(/[:>#@+]/);
    const listing = [...board.querySelectorAll("[data-id][data-option]")].filter((n) => idsOf(n, known).includes(id));
    const unnamed = listing.find((n) => !named.includes(n.getAttribute("data-id")));
    if (unnamed) return unnamed.getAttribute("data-id");
    const ids = new Set(listing.map((n) => n.getAttribute("data-id")));
    return named.find((part) => ids.has(part));
  };
  // whether an option names a card besides its actor (a target, so a click there completes it)
  const namesAnother = (id, me) => {
    const cards = new Set([...board.querySelectorAll("[data-id]")].map((n) => n.getAttribute("data-id")));
    return String(id)
      .split(/[:>#@+]/)
      .some((part) => part !== me && cards.has(part));
  };
  const clicked = (node) => {
    if (selected && node.classList.contains("tt-target")) return send(node.dataset.pick);
    if (selected === node) return clearSelection();
    const known = legal();
    const ids = idsOf(node, known);
    const me = node.getAttribute("data-id");
    // what this card does itself; a card that is only the target of others' options lists them to
    // choose from, so a click on an enemy never lets another card act on it unasked
    const acts = me ? ids.filter((id) => actorOf(id, known) === me) : ids;
    if (acts.length === 1 && !namesAnother(acts[0], me)) return send(acts[0]);
    if (acts.length) return select(node, acts, known);
    if (ids.length) return select(node, ids, known, false);
    clearSelection();
    const about = node.getAttribute("data-id");
    if (about) model.send({ type: "why_not", about, fingerprint: model.get("fingerprint") });
    return undefined;
  };

  const drawBoard = () => {
    selected = null;
    choices.replaceChildren();
    choices.hidden = true;
    board.innerHTML = model.get("svg") || "";
    for (const node of board.querySelectorAll("[data-option], [data-id]")) {
      if (node.hasAttribute("data-option")) node.classList.add("tt-clickable");
      node.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        clicked(node);
      });
    }
  };

  const drawOptions = () => {
    options.replaceChildren();
    // (a board inside a Lab leaves the off-board options to the Lab's panel: one button each, not two)
    for (const opt of model.get("off_board_buttons") === false ? [] : model.get("options") || []) {
      if (opt.on_board) continue; // the board element itself is the button
      const button = el_("button", "tt-option-button", opt.label || opt.id);
      button.type = "button";
      button.title = opt.id;
      button.setAttribute("data-option", opt.id);
      button.addEventListener("click", (event) => {
        event.preventDefault();
        send(opt.id);
      });
      options.append(button);
    }
    options.hidden = options.childElementCount === 0;
  };

  const drawText = () => {
    title.textContent = model.get("title") || "";
    prompt.textContent = model.get("prompt") || "";
    const text = model.get("message") || "";
    message.textContent = text;
    message.hidden = text === "";
    message.classList.toggle("tt-error", Boolean(model.get("error")));
    root.dataset.fingerprint = model.get("fingerprint") || "";
    root.dataset.moves = String(model.get("moves") ?? 0);
  };

  drawBoard();
  drawOptions();
  drawText();
  const listeners = [
    ["change:svg", drawBoard],
    ["change:options", drawOptions],
    ["change:off_board_buttons", drawOptions],
    ["change:message", drawText],
    ["change:error", drawText],
    ["change:prompt", drawText],
    ["change:title", drawText],
    ["change:fingerprint", drawText],
    ["change:moves", drawText],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);
  return () => {
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

export default { render };
