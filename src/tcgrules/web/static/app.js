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

  // Play: while an answer is on its way, the buttons cannot be pressed twice.
  const form = document.getElementById("answer-form");
  if (form) {
    form.addEventListener("submit", () => {
      setTimeout(() => form.querySelectorAll("button").forEach((b) => (b.disabled = true)), 0);
    });
  }
});
