// The projector page's podium at a tournament's end, with the event's figures, and the hall's tables
// when no tournament runs.
"use strict";

function drawPodium() {
  const top = tv.standings.slice(0, 3);
  sized($("tv-places"), top.length, newPlace).forEach((place, i) => {
    const s = top[i];
    place.dataset.rank = s.rank;
    place.dataset.name = s.name;
    show(place.children[0], ["1st", "2nd", "3rd"][i]);
    show(place.children[1], s.name);
    show(place.children[2], s.points + (s.points === "1" ? " point" : " points"));
  });
  const games = tv.standings.reduce((sum, s) => sum + s.games, 0) / 2;
  const longest = Math.max(tv.figures.streak, ...tv.standings.map((s) => s.streak || 0));
  const figures = [
    ["Players", String(tv.standings.length)],
    ["Games", String(Math.round(games))],
    ["Sets found", String(tv.figures.sets)],
    ["Fastest set", fastestSet()],
    ["Longest winning streak", longest + (tv.figures.streakName ? " (" + tv.figures.streakName + ")" : "")],
  ];
  sized($("tv-figures"), figures.length, newFigure).forEach((figure, i) => {
    show(figure.children[0], figures[i][0]);
    show(figure.children[1], figures[i][1]);
  });
}

/// The fastest set the server told at the end, with who found it: `1.2 s (ann)`; `-` for none.
function fastestSet() {
  const f = tv.tournament && tv.tournament !== "none" ? tv.tournament.fastest : null;
  if (!f || !(f.ms >= 0)) return "-";
  return (Math.round(f.ms / 100) / 10).toFixed(1) + " s (" + f.name + ")";
}

function newPlace() {
  const place = made("li", "tv-place");
  for (const kind of ["p-place", "p-name", "p-points"]) place.appendChild(made("span", kind));
  return place;
}

function newFigure() {
  const figure = made("div", "tv-figure");
  figure.appendChild(made("dt"));
  figure.appendChild(made("dd"));
  return figure;
}

/// Every table of the hall: its name, who plays, the scores, its state.
function drawHall() {
  const tables = Array.from(tv.hall.values()).sort((a, b) => a.id - b.id);
  sized($("tv-tables"), tables.length, newHallTile).forEach((tile, i) => {
    const table = tables[i];
    tile.dataset.table = table.id;
    tile.dataset.state = table.state;
    show(tile.children[0], "#" + table.id + " " + table.name);
    show(tile.children[1].children[0], table.seat1 || "free seat");
    show(tile.children[1].children[1], table.seat1 && table.seat2 ? String(table.score1) : "");
    show(tile.children[2].children[0], table.seat2 || "free seat");
    show(tile.children[2].children[1], table.seat1 && table.seat2 ? String(table.score2) : "");
    show(tile.children[3], { waiting: "waiting for a player", playing: "playing", paused: "paused", over: "game over" }[table.state] || table.state);
  });
}

function newHallTile() {
  const tile = made("li", "tv-hall-tile");
  tile.appendChild(made("div", "h-name"));
  for (let seat = 0; seat < 2; seat++) {
    const player = made("div", "h-player");
    player.appendChild(made("span", "h-who"));
    player.appendChild(made("span", "h-score"));
    tile.appendChild(player);
  }
  tile.appendChild(made("div", "h-state"));
  return tile;
}
