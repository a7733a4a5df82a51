// main.js: starts the client: applies the display settings and shows the screen the address
// asks for. Routes (in the hash, so any static server works):
//   #/              home: create, join, public tables
//   #/join/CODE     a shared link: join that table (or go straight back to your seat)
//   #/t/CODE        your seat (or spectator place) at a table
//   #/tv/CODE       the big-screen view of a table for a shared TV

import { loadLanguage, translatePage } from "./i18n.js";
import { setupPrefs } from "./prefs.js";
import { homeScreen } from "./screens/home.js";
import { tableScreen } from "./screens/table.js";
import { seatAt } from "./storage.js";

let current = null;

function route() {
  const [, name = "", raw = ""] = location.hash.split("/");
  const code = decodeURIComponent(raw).toUpperCase();
  if (name === "t" && code) {
    if (!seatAt(code)) return { screen: homeScreen, args: { joinCode: code } };
    return { screen: tableScreen, args: { code, mode: "seat" } };
  }
  if (name === "tv" && code) return { screen: tableScreen, args: { code, mode: "tv" } };
  if (name === "join" && code) {
    if (seatAt(code)) {
      location.replace(`#/t/${code}`);
      return null;
    }
    return { screen: homeScreen, args: { joinCode: code } };
  }
  return { screen: homeScreen, args: {} };
}

function show() {
  const next = route();
  if (!next) return;
  if (current) current.destroy();
  const app = document.getElementById("app");
  app.replaceChildren();
  document.body.dataset.screen = next.args.mode === "tv" ? "tv" : next.screen === homeScreen ? "home" : "table";
  current = next.screen(app, next.args);
}

await loadLanguage();
translatePage();
setupPrefs();
window.addEventListener("hashchange", show);
show();
