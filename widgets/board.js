// BoardWidget, browser half (anywidget ESM; no build step).
// Python draws the board as SVG (trait `svg`); elements the player may click carry
// `data-option` (their first option id) and `data-options` (all of them, JSON). A click on an
// element with one option sends {type: "choose", id, fingerprint} to Python, which applies the
// move, re-renders and updates the traits; this view just redraws. An element with several
// options is *selected*: the elements that share exactly one of its options are highlighted as its
// targets (a click there chooses that option) and a small menu lists every option it has, by label
// (select, then target). A click on a card that offers nothing sends {type: "why_not", about} and
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
    const t = node.querySelector("title");
    return t ? t.textContent.split("\n")[0] : node.getAttribute("data-id") || "";
  };

  let selected = null; // the element selected, while its targets are highlighted
  function clearSelection() {
    selected = null;
    for (const node of board.querySelectorAll(".tt-selected, .tt-target")) {
      node.classList.remove("tt-selected", "tt-target");
      delete node.dataset.pick;
    }
    choices.replaceChildren();
    choices.hidden = true;
  }
  const select = (node, ids, known) => {
    clearSelection();
    selected = node;
    node.classList.add("tt-selected");
    const mine = new Set(ids);
    for (const other of board.querySelectorAll("[data-option]")) {
      if (other === node) continue;
      const common = idsOf(other, known).filter((id) => mine.has(id));
      if (common.length === 1) {
        other.classList.add("tt-target");
        other.dataset.pick = common[0];
      }
    }
    choices.append(el_("span", "tt-choices-head", `${nameOf(node)}: choose one, or click a highlighted target`));
    for (const id of ids) {
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
    if (ids.length) return select(node, ids, known);
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
    for (const opt of model.get("options") || []) {
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
