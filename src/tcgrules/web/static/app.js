// tcgrules web: the few things a page does in the browser. Every screen works without this script.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // Timeline: clicking a line shows its why in the side panel (the why is already in the page).
  const panel = document.getElementById("why");
  document.querySelectorAll("#timeline .entry > .line").forEach((button) => {
    button.addEventListener("click", () => {
      const entry = button.parentElement;
      document.querySelectorAll("#timeline .entry.selected").forEach((e) => e.classList.remove("selected"));
      entry.classList.add("selected");
      if (panel) {
        panel.innerHTML = entry.querySelector(".why-body").innerHTML;
        panel.dataset.seq = entry.dataset.seq;
      }
    });
  });

  // Sandbox: choosing an example loads it into the editor.
  const example = document.getElementById("example");
  if (example) {
    example.addEventListener("change", () => example.form.submit());
  }

  // Play: pointing at an option outlines the cards it names (an option label names cards as c12, the
  // board's tiles carry the same refs).
  document.querySelectorAll("#answer-form [data-label]").forEach((option) => {
    const label = option.dataset.label;
    const refs = [label, ...label.split(":").filter((t) => /^c\d+$/.test(t))];
    const mark = (on) =>
      refs.forEach((ref) =>
        document.querySelectorAll(`.board [data-ref="${CSS.escape(ref)}"]`).forEach((t) => t.classList.toggle("hint", on))
      );
    ["mouseenter", "focus"].forEach((e) => option.addEventListener(e, () => mark(true)));
    ["mouseleave", "blur"].forEach((e) => option.addEventListener(e, () => mark(false)));
  });

  // Play: while an answer is on its way, the buttons cannot be pressed twice.
  const form = document.getElementById("answer-form");
  if (form) {
    form.addEventListener("submit", () => {
      setTimeout(() => form.querySelectorAll("button").forEach((b) => (b.disabled = true)), 0);
    });
  }
});
