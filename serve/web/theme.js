// Light or dark: the visitor's choice, remembered; until they choose, their system's.
"use strict";

(() => {
  const apply = (theme) => { document.documentElement.dataset.theme = theme; };
  apply(localStorage.getItem("bredon.theme") || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelector("#theme").addEventListener("click", () => {
      const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
      apply(next);
      localStorage.setItem("bredon.theme", next);
    });
  });
})();
