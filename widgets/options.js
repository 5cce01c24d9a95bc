// OptionPanel, browser half (anywidget ESM; no build step): the Lab's prompt and option buttons.
// Python sends the options as one list (trait `options`); this view draws a button per option, each with
// the classes tt-lab-option and tt-at-<at> (the position it was drawn for), and a click sends
// {type: "choose", id, fingerprint}. It never sets a trait: Python owns them all.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tt-lab-options";
  const head = document.createElement("b");
  head.className = "tt-lab-prompt";
  const list = document.createElement("div");
  list.className = "tt-lab-option-list";
  const note = document.createElement("div");
  note.className = "tt-lab-note";
  root.append(head, list, note);
  el.replaceChildren(root);

  const draw = () => {
    head.textContent = model.get("prompt") || "";
    const at = model.get("at") || "";
    const fingerprint = model.get("fingerprint") || "";
    root.dataset.at = at;
    const buttons = (model.get("options") || []).map((opt) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `tt-lab-option tt-at-${at}`;
      button.textContent = opt.label || opt.id;
      button.title = opt.tooltip || opt.id;
      button.dataset.choice = opt.id;
      button.addEventListener("click", (event) => {
        event.preventDefault();
        model.send({ type: "choose", id: String(opt.id), fingerprint });
      });
      return button;
    });
    list.replaceChildren(...buttons);
  };
  const drawNote = () => {
    note.textContent = model.get("note") || "";
    note.hidden = !model.get("note");
  };
  draw();
  drawNote();
  const listeners = [
    ["change:options", draw],
    ["change:prompt", draw],
    ["change:at", draw],
    ["change:note", drawNote],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);
  return () => {
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

export default { render };
