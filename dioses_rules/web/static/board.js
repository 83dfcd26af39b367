// The board builder: the board as a board file's shape, scored by the server
// on every change (POST /api/score). Plain JavaScript, no library; every
// text is set with textContent, never parsed as HTML.
"use strict";

(function () {
  const DATA = JSON.parse(document.getElementById("board-data").textContent);
  // every text this script writes, in the page's language (the web catalogue)
  const WORDS = JSON.parse(document.getElementById("board-words").textContent);
  const say = (key, values) => WORDS[key].replace(/%\((\w+)\)s|%%/g,
    (all, name) => name === undefined ? "%" : String((values || {})[name]));
  const ROWS = ["front", "central", "back"];
  const MAX_UPLOAD = 64 * 1024;
  const byId = {};
  for (const family of Object.keys(DATA.cards)) {
    byId[family] = {};
    for (const card of DATA.cards[family]) byId[family][card.id] = card;
  }

  const KEPT = "dioses-board";  // the board, kept in this browser across reloads
  let board = keptBoard() || emptyBoard();
  let chosenCard = null;   // a Myth card id picked in the list
  let chosenCell = null;   // a cell index 0-11 picked in the area
  let report = null;
  let asked = 0;           // the latest score request; older answers are dropped

  function keptBoard() {
    // the board this browser built last, if it still has the shape of one
    try {
      const kept = JSON.parse(window.localStorage.getItem(KEPT) || "null");
      const rowsOk = kept && kept.area && ROWS.every((row) => Array.isArray(kept.area[row]) &&
        kept.area[row].length === 4 && kept.area[row].every((c) => typeof c === "string"));
      const listsOk = kept && ["laws", "patterns", "objectives"].every((k) => Array.isArray(kept[k]));
      const scenarioOk = kept && (!kept.scenario || (typeof kept.scenario.id === "string" &&
        kept.scenario.state !== null && typeof kept.scenario.state === "object"));
      return rowsOk && listsOk && scenarioOk ? kept : null;
    } catch (error) {
      return null;
    }
  }
  function keep() {
    try { window.localStorage.setItem(KEPT, JSON.stringify(board)); } catch (error) { /* full, or off */ }
  }
  function emptyBoard() {
    return {sets: null, objectives: [], laws: [], patterns: [], scenario: null,
            area: {front: [".", ".", ".", "."], central: [".", ".", ".", "."],
                   back: [".", ".", ".", "."]}};
  }
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }
  const $ = (id) => document.getElementById(id);
  const cellEntry = (i) => board.area[ROWS[Math.floor(i / 4)]][i % 4];
  const setCell = (i, v) => { board.area[ROWS[Math.floor(i / 4)]][i % 4] = v; };
  const cellName = (i) => say("cell", {row: say(ROWS[Math.floor(i / 4)]), column: i % 4 + 1});
  const idOf = (entry) => entry.startsWith("?") ? entry.slice(1) : entry;
  const nameOf = (family, id) => (byId[family][id] || {name: id}).name;
  const lineName = (law) => law.row ? say("row_line", {row: say(law.row)}) : say("column", {n: law.column});
  const points = (n) => say(n === 1 || n === -1 ? "point" : "points", {num: n});

  // ------------------------------------------------------------ the area
  function drawArea() {
    const area = $("area");
    area.replaceChildren(el("span"));
    for (let c = 1; c <= 4; c++) area.append(el("span", {class: "line-label", text: say("column", {n: c})}));
    const scores = {};
    for (const card of (report ? report.cards : [])) scores[card.cell] = card;
    for (let r = 0; r < 3; r++) {
      area.append(el("span", {class: "line-label", text: say(ROWS[r])}));
      for (let c = 0; c < 4; c++) area.append(drawCell(r * 4 + c, scores[r * 4 + c]));
    }
  }

  function drawCell(i, score) {
    const entry = cellEntry(i);
    const button = el("button", {type: "button", class: "cell", "data-cell": i,
                                 "data-matched": say("matched_mark"), onclick: () => cellClicked(i)});
    if (entry === ".") {
      button.append(el("span", {class: "empty", text: say("empty")}));
      button.setAttribute("aria-label", `${cellName(i)}: ${say("empty")}`);
    } else {
      const id = idOf(entry), card = byId.myth[id];
      button.classList.add("filled");
      if (entry.startsWith("?")) {
        button.classList.add("face-down");
        button.append(el("span", {class: "down-mark", text: say("face_down")}));
      }
      button.prepend(el("img", {src: card ? card.url + ".svg" : "", alt: ""}));
      let label = `${cellName(i)}: ${nameOf("myth", id)}`;
      if (entry.startsWith("?")) label += `, ${say("face_down")}`;
      if (score) {
        button.append(el("span", {class: "badge" + (score.points > 0 ? " scored" : ""),
                                  text: `${score.points}p`}));
        label += `, ${points(score.points)}`;
      }
      button.setAttribute("aria-label", label);
      button.dataset.card = id;
    }
    if (chosenCell === i) button.classList.add("selected");
    if (entry !== ".") {
      button.draggable = true;
      button.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `cell:${i}`));
    }
    button.addEventListener("dragover", (e) => e.preventDefault());
    button.addEventListener("drop", (e) => { e.preventDefault(); dropped(e.dataTransfer.getData("text/plain"), i); });
    return button;
  }

  // Dragging, where the browser allows: a card from the list onto a cell, or
  // a placed card onto another cell (the two swap). Clicking does the same.
  function dropped(what, i) {
    const [kind, value] = what.split(":");
    if (kind === "card" && byId.myth[value]) {
      chosenCard = value;
      cellClicked(i);
    } else if (kind === "cell" && /^\d+$/.test(value) && Number(value) < 12) {
      const from = Number(value), moving = cellEntry(from);
      setCell(from, cellEntry(i));
      setCell(i, moving);
      chosenCell = i;
      changed();
    }
  }

  function cellClicked(i) {
    if (chosenCard !== null) {
      // a card already on the board moves here, and what was here takes its place
      for (let j = 0; j < 12; j++) if (j !== i && idOf(cellEntry(j)) === chosenCard) setCell(j, cellEntry(i));
      setCell(i, chosenCard);
      chosenCard = null;
      chosenCell = i;
      changed();
      return;
    }
    chosenCell = chosenCell === i ? null : i;
    drawAll();
    explainCell(chosenCell);
  }

  // ------------------------------------------------------------ the card list
  function drawPalette() {
    const wanted = normalize($("card-search").value);
    const onBoard = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => idOf(cellEntry(i))));
    const list = $("palette");
    list.replaceChildren();
    for (const card of DATA.cards.myth) {
      if (wanted && !card.search.includes(wanted)) continue;
      const placed = onBoard.has(card.id);
      const button = el("button", {type: "button", "aria-pressed": String(chosenCard === card.id),
                                   title: card.text, "data-card": card.id,
                                   onclick: () => cardChosen(card.id)},
                        (card.ours ? `${card.name} (${say("ours")})` : card.name) +
                        (placed ? " ✓" : ""));
      if (placed) button.setAttribute("aria-label", say("on_board", {name: card.name}));
      button.draggable = true;
      button.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", `card:${card.id}`));
      list.append(el("li", {}, button));
    }
  }
  function normalize(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  }
  function cardChosen(id) {
    if (chosenCell !== null && cellEntry(chosenCell) === ".") {
      chosenCard = id;
      cellClicked(chosenCell);
      return;
    }
    chosenCard = chosenCard === id ? null : id;
    drawPalette();
  }

  // ------------------------------------------------------------ laws, patterns, objectives
  function fillSelect(select, family) {
    // a Spanish name no rulebook prints is marked, as the card pages mark it
    for (const card of DATA.cards[family]) {
      select.append(el("option", {value: card.id},
                       card.ours ? `${card.name} (${say("ours")})` : card.name));
    }
  }
  function addLaw() {
    const [kind, where] = $("law-line").value.split(":");
    const law = {card: $("law-card").value, row: null, column: null};
    if (kind === "row") law.row = where; else law.column = Number(where);
    board.laws = board.laws.filter((l) => l.card !== law.card);
    board.laws.push(law);
    changed();
  }
  function addPattern() {
    const card = $("pattern-card").value;
    if (!board.patterns.some((p) => p.card === card)) board.patterns.push({card, completed: null});
    changed();
  }
  function addObjective() {
    const pair = [$("objective-goal").value, $("objective-element").value];
    if (!board.objectives.some((o) => o[0] === pair[0] && o[1] === pair[1])) board.objectives.push(pair);
    changed();
  }
  function scenarioChosen() {
    const id = $("scenario").value;
    board.scenario = id ? {id, state: {}} : null;
    drawScenarioState();
    changed();
  }
  function drawScenarioState() {
    const holder = $("scenario-state");
    holder.replaceChildren();
    if (!board.scenario) return;
    for (const name of DATA.scenario_state[board.scenario.id] || []) {
      const shown = (DATA.state_words || {})[name] || name;  // in the page's language
      const select = el("select", {"aria-label": say("scenario_state", {name: shown})},
                        el("option", {value: ""}, say("not_set")));
      fillSelect(select, "myth");
      select.value = board.scenario.state[name] || "";
      select.addEventListener("change", () => {
        if (select.value) board.scenario.state[name] = select.value;
        else delete board.scenario.state[name];
        changed();
      });
      holder.append(el("label", {class: "row"}, `${shown} `, select));
    }
  }

  function drawExtras() {
    const list = $("extras-list");
    list.replaceChildren();
    const scored = report || {laws: [], patterns: [], objectives: []};
    board.laws.forEach((law, index) => {
      const score = scored.laws.find((s) => s.id === law.card);
      list.append(extraItem(say("law", {name: nameOf("law", law.card), line: lineName(law)}), score,
        () => { board.laws.splice(index, 1); changed(); }));
    });
    board.patterns.forEach((pattern, index) => {
      const score = scored.patterns.find((s) => s.id === pattern.card);
      const what = score ? `, ${say(score.completed ? "completed" : "not_completed")}` : "";
      list.append(extraItem(say("pattern", {name: nameOf("pattern", pattern.card)}) + what, score,
        () => { board.patterns.splice(index, 1); changed(); }));
    });
    board.objectives.forEach((pair, index) => {
      const score = scored.objectives.find((s) => s.goal === pair[0] && s.element === pair[1]);
      list.append(extraItem(say("objective", {goal: nameOf("objective-goal", pair[0]),
                                              element: nameOf("objective-element", pair[1])}), score,
        () => { board.objectives.splice(index, 1); changed(); }));
    });
    if (board.scenario && report && report.scenario) list.append(scenarioItem(report.scenario));
    if (!list.children.length) list.append(el("li", {class: "hint", text: say("none_yet")}));
  }
  function extraItem(words, score, remove) {
    const text = el("span", {}, words);
    if (score) {
      text.append(" ", el("span", {class: score.points > 0 ? "met" : "not-met",
                                    text: points(score.points)}));
    }
    const why = el("button", {type: "button", onclick: () => highlight(score ? score.cells : [], null,
      [`${words}: ${score ? points(score.points) : say("not_scored")}`])}, say("show_cells"));
    return el("li", {}, text, el("span", {}, why, " ",
              el("button", {type: "button", onclick: remove, "aria-label": say("remove_what", {what: words})}, say("remove"))));
  }
  function scenarioItem(scenario) {
    const item = el("li", {});
    // the challenge is met only with its victory (R34)
    const words = [`${say("scenario", {name: nameOf("scenario", scenario.id)})}: ` +
                   say(scenario.victory ? "victory_met" : "victory_not_met"),
                   say(scenario.challenge ? "challenge_met" : "challenge_not_met")];
    item.append(el("span", {class: scenario.victory ? "met" : "not-met", text: words.join(", ")}));
    return item;
  }

  // ------------------------------------------------------------ the explanation
  function highlight(cells, anchor, lines) {
    for (const node of document.querySelectorAll(".cell")) {
      const i = Number(node.dataset.cell);
      node.classList.toggle("matched", cells.includes(i));
      node.classList.toggle("anchor", i === anchor);
    }
    const box = $("explain");
    box.replaceChildren(el("ul", {}, ...lines.map((line) => el("li", {text: line}))));
  }
  function resetExplanation() {
    // a new board (the best layout used, a file imported, cleared): no
    // explanation of the board before it stays on screen
    for (const node of document.querySelectorAll(".cell")) node.classList.remove("matched", "anchor");
    $("explain").replaceChildren(el("p", {class: "hint",
      text: say("choose_hint")}));
  }
  function explainCell(i) {
    if (i === null || !report) { highlight([], null, [say("choose_card")]); return; }
    const score = report.cards.find((c) => c.cell === i);
    $("cell-actions").hidden = cellEntry(i) === ".";
    $("cell-label").textContent = cellName(i);
    if (!score) { highlight([], i, [say("nothing_here", {cell: cellName(i)})]); return; }
    const cells = [...new Set(score.lines.flatMap((line) => line.cells))];
    const lines = [`${nameOf("myth", score.id)}: ${points(score.points)}`].concat(score.lines.map((line) =>
      `${line.text}: ${points(line.points)}` +
      (line.cells.length ? ` (${say("matched", {cells: line.cells.map(cellName).join("; ")})})` : "")));
    highlight(cells, i, lines);
  }

  // ------------------------------------------------------------ talking to the server
  function showErrors(errors) {
    const box = $("errors");
    box.replaceChildren(...errors.map((e) => el("pre", {text: e.message})));
    box.hidden = errors.length === 0;
  }
  async function post(url, body, headers) {
    const response = await fetch(url, {method: "POST", body, headers});
    const type = response.headers.get("content-type") || "";
    if (type.startsWith("application/json")) return {response, json: await response.json()};
    return {response, json: null};
  }
  async function rescore() {
    const mine = ++asked;
    const {json} = await post("/api/score", JSON.stringify(board), {"content-type": "application/json"});
    if (mine !== asked) return;
    if (json && json.errors) { report = null; showErrors(json.errors); }
    else { report = json; showErrors([]); }
    drawAll();
    if (chosenCell !== null) explainCell(chosenCell);
    document.body.dataset.scored = String(mine);
  }
  function changed() { keep(); drawAll(); rescore(); }
  function drawAll() {
    drawArea();
    drawPalette();
    drawExtras();
    $("total").textContent = report ? points(report.total) : say("not_scored");
    $("gods").textContent = report ? say("gods", {n: report.gods}) : "";
    $("cell-actions").hidden = chosenCell === null || cellEntry(chosenCell) === ".";
  }

  async function exportBoard() {
    const {response, json} = await post("/api/export", JSON.stringify(board),
                                        {"content-type": "application/json"});
    if (!response.ok) { showErrors(json ? json.errors : [{message: response.statusText}]); return; }
    const blob = await response.blob();
    const link = el("a", {href: URL.createObjectURL(blob), download: "board.toml"});
    document.body.append(link);
    link.click();
    link.remove();
  }
  async function bestLayout() {
    const holder = $("best-result");
    holder.replaceChildren(el("p", {class: "hint", text: say("searching")}));
    const {response, json} = await post("/api/best", JSON.stringify(board),
                                        {"content-type": "application/json"});
    if (!response.ok || !json) {
      holder.replaceChildren();
      showErrors(json ? json.errors : [{message: response.statusText}]);
      return;
    }
    const left = json.best_total - json.current_total;
    const best = `${points(json.best_total)} (${say(json.optimal ? "proven" : "found")})`;
    holder.replaceChildren(
      el("p", {class: "best-total", text: say("best", {best, current: points(json.current_total),
                                                          left: points(left)})}),
      el("ol", {class: "hint"}, ...ROWS.map((row) => el("li", {text: say("row_cards", {
        row: say(row), cards: json.area[row].map((id) => id === "." ? say("empty") : nameOf("myth", idOf(id))).join(", ")})}))),
      el("button", {type: "button", id: "use-best", onclick: () => {
        board = json.board; holder.replaceChildren(); chosenCell = null; resetExplanation(); changed();
      }}, say("use_layout")));
  }
  async function importBoard(event) {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_UPLOAD) {
      showErrors([{message: say("too_big", {file: file.name, kib: MAX_UPLOAD / 1024})}]);
      return;
    }
    const name = file.name.replace(/[^\x20-\x7e]/g, "_");
    const {json} = await post("/api/import", file, {"x-board-name": name, "content-type": "application/toml"});
    if (!json || json.errors) { showErrors(json ? json.errors : [{message: say("refused")}]); return; }
    board = json.board;
    $("scenario").value = board.scenario ? board.scenario.id : "";
    drawScenarioState();
    chosenCell = null;
    resetExplanation();
    changed();
  }

  // ------------------------------------------------------------ wiring
  fillSelect($("law-card"), "law");
  fillSelect($("pattern-card"), "pattern");
  fillSelect($("objective-goal"), "objective-goal");
  fillSelect($("objective-element"), "objective-element");
  fillSelect($("scenario"), "scenario");
  $("card-search").addEventListener("input", drawPalette);
  $("add-law").addEventListener("click", addLaw);
  $("add-pattern").addEventListener("click", addPattern);
  $("add-objective").addEventListener("click", addObjective);
  $("scenario").addEventListener("change", scenarioChosen);
  $("flip").addEventListener("click", () => {
    const entry = cellEntry(chosenCell);
    setCell(chosenCell, entry.startsWith("?") ? entry.slice(1) : "?" + entry);
    changed();
  });
  $("remove").addEventListener("click", () => { setCell(chosenCell, "."); changed(); });
  $("export").addEventListener("click", exportBoard);
  $("best").addEventListener("click", bestLayout);
  $("import").addEventListener("change", importBoard);
  $("clear").addEventListener("click", () => {
    board = emptyBoard(); chosenCell = null; chosenCard = null;
    $("scenario").value = ""; drawScenarioState(); resetExplanation(); changed();
  });
  $("scenario").value = board.scenario ? board.scenario.id : "";
  drawScenarioState();
  changed();
})();
