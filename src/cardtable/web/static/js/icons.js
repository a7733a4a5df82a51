// icons.js: the few pictures the client draws itself, as inline SVG (no icon font, no emoji,
// which some systems lack). Icons are decorative: the text beside them says what they mean.

const NS = "http://www.w3.org/2000/svg";

export function speakerIcon() {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("icon");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", "M3 9v6h4l5 4V5L7 9H3zm13.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}
