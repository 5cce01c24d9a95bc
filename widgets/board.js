// BoardWidget, browser half (anywidget ESM; no build step).
// Python draws the board as SVG (trait `svg`); elements the player may click carry
// `data-option` (the option id). A click sends {type: "choose", id, fingerprint} to Python,
// which applies the move, re-renders and updates the traits; this view just redraws.
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
  const options = el_("div", "tt-options");
  const message = el_("div", "tt-message");
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  root.append(status, board, options, message);
  el.replaceChildren(root);

  const send = (id) => {
    model.send({ type: "choose", id: String(id), fingerprint: model.get("fingerprint") });
  };

  const drawBoard = () => {
    board.innerHTML = model.get("svg") || "";
    for (const node of board.querySelectorAll("[data-option]")) {
      node.classList.add("tt-clickable");
      node.addEventListener("click", (event) => {
        event.preventDefault();
        event.stopPropagation();
        send(node.getAttribute("data-option"));
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
