// ChainView, browser half (anywidget ESM; no build step).
// Python draws the chain of the current turn as SVG (trait `svg`, from tabletop.render.chain_svg):
// every step is a <g data-node="..."> with its label. A click on a step sends {type: "why", node};
// Python answers in `why` (HTML: the step's causes with their rules). `more` says what is folded away.
// It never sets a trait: Python owns them all.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tt-chainview";
  const more = document.createElement("div");
  more.className = "tt-chainview-more";
  const picture = document.createElement("div");
  picture.className = "tt-chainview-svg";
  const why = document.createElement("div");
  why.className = "tt-chainview-why";
  root.append(more, picture, why);
  el.replaceChildren(root);

  const draw = () => {
    picture.innerHTML = model.get("svg") || "";
    for (const node of picture.querySelectorAll("[data-node]")) {
      node.style.cursor = "pointer";
      node.addEventListener("click", (event) => {
        event.preventDefault();
        model.send({ type: "why", node: node.getAttribute("data-node") });
      });
    }
    const chosen = model.get("selected");
    for (const node of picture.querySelectorAll(".tt-chosen")) node.classList.remove("tt-chosen");
    if (chosen !== null && chosen !== undefined) {
      const hit = picture.querySelector(`[data-node="${CSS.escape(String(chosen))}"]`);
      if (hit) hit.classList.add("tt-chosen");
    }
  };
  const text = () => {
    root.dataset.at = model.get("at") || "";
    more.textContent = model.get("more") || "";
    more.hidden = !model.get("more");
    why.innerHTML = model.get("why") || "";
  };
  draw();
  text();
  const listeners = [
    ["change:svg", draw],
    ["change:selected", draw],
    ["change:more", text],
    ["change:why", text],
    ["change:at", text],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);
  return () => {
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

export default { render };
