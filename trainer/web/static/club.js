// Cribbage Coach club night: the browser side of the join, student, screen and teacher pages.
// Plain JavaScript, no build step. Every piece of text from the server (names, answers, question
// lines) is written with textContent, never as HTML. The pages listen to /api/events (server-sent
// events, one per change of the room) and fetch their view when told; when the stream is down
// they poll once a second until it is back. The clock is counted down locally from the server's
// `seconds_left`, and the view is fetched again when it runs out.
"use strict";

(function () {
  const body = document.body;
  const W = JSON.parse(body.dataset.words || "{}");
  const page = body.dataset.page;
  const POLL_MS = 1000;
  const RESYNC_MS = 10000;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // A catalogue sentence with {placeholders}: the words stay whole in every language.
  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }

  function pieceNodes(parent, pieces) {
    for (const piece of pieces) {
      parent.appendChild(piece.card ? cardNode(piece) : document.createTextNode(piece.text));
    }
    return parent;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function cardNode(piece) {
    const node = el("span", "card" + (piece.red ? " red" : ""), piece.label);
    node.dataset.card = piece.card;
    return node;
  }

  function line(pieces, cls) {
    const p = el("p", cls || "line");
    for (const piece of pieces) {
      p.appendChild(piece.card ? cardNode(piece) : document.createTextNode(piece.text));
    }
    return p;
  }

  async function api(path, payload, headers) {
    const options = { credentials: "same-origin", headers: Object.assign({}, headers || {}) };
    if (payload !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(payload);
    }
    const response = await fetch(path, options);
    let data = {};
    try {
      data = await response.json();
    } catch (e) {
      data = { error: response.statusText };
    }
    return { ok: response.ok, status: response.status, data: data };
  }

  function showError(text) {
    const box = document.getElementById("error");
    if (box) box.textContent = text || "";
  }

  // ------------------------------------------------------------------ sounds

  // Sounds made in the page with WebAudio (no sound files): a tick for each of the last five
  // seconds and a lower note when time is up (projector and phones), a chord on the reveal and a
  // fanfare at the podium (projector), a rising pair for a right answer and a falling pair for a
  // wrong one (phones; the top three hear the fanfare at the end). Off until the button turns
  // them on: browsers let a page make sound only from a click or key press, so the audio is
  // started inside that click. The choice is remembered in this browser; a remembered "on"
  // comes back at the first tap anywhere on the page (a keypad key, a choice), never before.
  const sound = { on: false, ctx: null };

  function beep(freq, when, length, volume) {
    const ctx = sound.ctx;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const start = ctx.currentTime + when;
    osc.type = "triangle";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(volume, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + length);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(start);
    osc.stop(start + length + 0.05);
  }

  function play(kind) {
    if (!sound.on || !sound.ctx) return;
    if (kind === "tick") beep(880, 0, 0.12, 0.2);
    else if (kind === "up") beep(330, 0, 0.6, 0.3);
    else if (kind === "reveal") [523.25, 659.25, 783.99, 1046.5].forEach(function (f, i) { beep(f, i * 0.08, 0.6, 0.22); });
    else if (kind === "podium") [392, 523.25, 659.25, 783.99, 1046.5, 1046.5].forEach(function (f, i) { beep(f, i * 0.15, 0.5, 0.25); });
    else if (kind === "right") [659.25, 987.77].forEach(function (f, i) { beep(f, i * 0.12, 0.35, 0.25); });
    else if (kind === "wrong") [311.13, 233.08].forEach(function (f, i) { beep(f, i * 0.18, 0.4, 0.25); });
  }

  function soundButton() {
    const button = document.getElementById("sound");
    if (!button) return;
    const show = function () {
      button.textContent = sound.on ? W.sound_on : W.sound_off;
      button.setAttribute("aria-pressed", sound.on ? "true" : "false");
    };
    const turn = function (on) {
      sound.on = on;
      if (sound.on && !sound.ctx && (window.AudioContext || window.webkitAudioContext)) {
        sound.ctx = new (window.AudioContext || window.webkitAudioContext)();
      }
      if (sound.ctx && sound.ctx.state === "suspended") sound.ctx.resume();
      button.classList.remove("hint");
      show();
    };
    button.addEventListener("click", function () {
      turn(!sound.on);
      try {
        window.localStorage.setItem("crib-sound", sound.on ? "1" : "0");
      } catch (e) {
        // private browsing: the choice lasts this page only
      }
    });
    let remembered = false;
    try {
      remembered = window.localStorage.getItem("crib-sound") === "1";
    } catch (e) {
      // no storage: nothing remembered
    }
    if (remembered) {
      button.classList.add("hint");
      const wake = function (event) {
        if (event.target === button || button.contains(event.target)) return; // the button decides itself
        document.removeEventListener("click", wake, true);
        document.removeEventListener("keydown", wake, true);
        if (!sound.on) turn(true);
      };
      document.addEventListener("click", wake, true);
      document.addEventListener("keydown", wake, true);
    }
    show();
  }

  // ------------------------------------------------------------------ the clock

  let deadline = null; // local ms timestamp, or null for no clock
  let frozen = null; // seconds shown while paused
  let onTimeUp = null; // the page's refresh, called once when the clock runs out
  let timeUpTimer = null;
  let lastWhole = null; // the whole seconds last shown: a tick sounds once per second

  function setClock(secondsLeft, paused) {
    if (timeUpTimer) clearTimeout(timeUpTimer);
    timeUpTimer = null;
    if (onTimeUp && !paused && typeof secondsLeft === "number" && secondsLeft > 0) {
      timeUpTimer = setTimeout(onTimeUp, secondsLeft * 1000 + 250);
    }
    if (secondsLeft === null || secondsLeft === undefined) {
      deadline = null;
      frozen = null;
    } else if (paused) {
      frozen = secondsLeft;
      deadline = null;
    } else {
      frozen = null;
      deadline = Date.now() + secondsLeft * 1000;
    }
    tick();
  }

  function tick() {
    const node = document.getElementById("clock");
    if (!node) return;
    let left = null;
    if (frozen !== null) left = frozen;
    else if (deadline !== null) left = Math.max(0, (deadline - Date.now()) / 1000);
    if (left === null) {
      node.textContent = "";
      node.classList.remove("low");
      return;
    }
    const whole = Math.ceil(left);
    if (whole !== lastWhole && frozen === null) {
      if (whole > 0 && whole <= 5) play("tick");
      else if (whole === 0 && lastWhole !== null && lastWhole > 0) play("up");
    }
    lastWhole = whole;
    const minutes = Math.floor(whole / 60);
    const seconds = whole % 60;
    node.textContent = minutes > 0 ? minutes + ":" + String(seconds).padStart(2, "0") : String(whole);
    node.classList.toggle("low", left <= 5);
  }
  setInterval(tick, 250);

  // ------------------------------------------------------------------ live push

  // Calls `refresh` on every event of the stream, at most one fetch at a time (a burst of
  // answers is one refresh), and polls instead while the stream is down.
  function live(refresh, everything) {
    let busy = false;
    let again = false;
    async function run() {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        await refresh();
      } catch (e) {
        // the next event or poll tries again
      } finally {
        busy = false;
      }
      if (again) {
        again = false;
        run();
      }
    }
    onTimeUp = run;
    let timer = null;
    function polling(on) {
      if (on && !timer) timer = setInterval(run, POLL_MS);
      if (!on && timer) {
        clearInterval(timer);
        timer = null;
      }
    }
    if (window.EventSource) {
      const source = new EventSource(everything ? "/api/events?all=1" : "/api/events");
      source.onmessage = run;
      source.onopen = function () { polling(false); };
      source.onerror = function () { polling(true); };
    } else {
      polling(true);
    }
    setInterval(run, RESYNC_MS); // clocks drift; a missed event is caught up
    run();
    return run;
  }

  // ------------------------------------------------------------------ shared drawing

  function drawQuestion(box, q, big) {
    clear(box);
    box.appendChild(el("p", "drill", q.ruleset ? q.drill + " · " + fill(W.ruleset, { name: q.ruleset_name || q.ruleset }) : q.drill));
    for (const pieces of q.lines) box.appendChild(line(pieces));
    box.appendChild(el(big ? "h1" : "h2", "prompt", q.prompt));
    if (big && q.choices.length) {
      const allCards = q.choices.every(function (c) { return c.pieces.length === 1 && c.pieces[0].card; });
      const list = el(allCards ? "div" : "ol", allCards ? "choice-cards" : "choices");
      q.choices.forEach(function (choice) {
        if (allCards) {
          const card = cardNode(choice.pieces[0]);
          if (choice.disabled) card.classList.add("disabled");
          list.appendChild(card);
          return;
        }
        const item = el("li", choice.disabled ? "disabled" : "");
        item.appendChild(el("strong", "key", (choice.letter || choice.key) + ")"));
        item.appendChild(line(choice.pieces, "choice-label"));
        list.appendChild(item);
      });
      box.appendChild(list);
    }
  }

  function drawExplanation(box, shown, title) {
    // The right answer as one sentence of the catalogue («Верный подсчёт: 12 очков.»), its cards
    // drawn; an older view without it says «Ответ:» and the answer.
    const head = el("p", "answer");
    if (shown.sentence && shown.sentence.length) pieceNodes(head, shown.sentence);
    else {
      head.appendChild(el("span", "label", (title || W.answer_is) + " "));
      pieceNodes(head, shown.expected_pieces);
    }
    box.appendChild(head);
    for (const pieces of shown.lines) box.appendChild(line(pieces, "why"));
    if (shown.breakdown.length) {
      box.appendChild(el("p", "label", W.breakdown));
      const list = el("ul", "breakdown");
      for (const pieces of shown.breakdown) {
        const li = el("li");
        li.appendChild(line(pieces, "item"));
        list.appendChild(li);
      }
      box.appendChild(list);
    }
  }

  // One bar per answer given, the right ones marked, each labelled as the question listed it.
  function drawChart(box, chart) {
    if (!chart || !chart.length) return;
    const most = Math.max.apply(null, chart.map(function (b) { return b.count; }));
    const list = el("ol", "chart");
    list.setAttribute("aria-label", W.chart);
    for (const bar of chart) {
      const item = el("li", bar.right ? "chart-bar right" : "chart-bar");
      item.appendChild(pieceNodes(el("span", "bar-label"), bar.pieces));
      const track = el("span", "bar-track");
      const fillNode = el("span", "bar-fill");
      fillNode.style.width = Math.max(2, (100 * bar.count) / most) + "%";
      track.appendChild(fillNode);
      item.appendChild(track);
      item.appendChild(el("span", "bar-count", bar.count));
      list.appendChild(item);
    }
    box.appendChild(list);
  }

  // The top three on steps (2nd, 1st, 3rd), then the rest of the table.
  function drawPodium(box, rows) {
    const podium = el("ol", "podium");
    for (const place of [1, 0, 2]) {
      const row = rows[place];
      if (!row) continue;
      const step = el("li", "step step-" + (place + 1));
      step.appendChild(el("span", "step-name", row.name));
      step.appendChild(el("span", "step-score", row.points === null || row.points === undefined ? row.correct : row.points));
      step.appendChild(el("span", "step-rank", row.rank));
      podium.appendChild(step);
    }
    box.appendChild(podium);
    if (rows.length > 3) {
      const rest = el("div", "after-podium");
      drawStandings(rest, rows.slice(3), true);
      box.appendChild(rest);
    }
  }

  function drawNames(box, names) {
    const wall = el("ul", "names");
    for (const name of names) wall.appendChild(el("li", "name-chip", name));
    box.appendChild(wall);
  }

  // Teams ranked by the average per member, with the total beside it.
  function drawTeams(box, teams) {
    if (!teams || !teams.length) return;
    const wrap = el("div", "teams");
    wrap.appendChild(el("h2", "", W.teams));
    const table = el("table", "standings-table teams-table");
    for (const team of teams) {
      const tr = el("tr");
      tr.appendChild(el("td", "rank", team.rank));
      tr.appendChild(el("td", "name", team.team + " (" + team.members + ")"));
      tr.appendChild(el("td", "score", team.average));
      table.appendChild(tr);
    }
    wrap.appendChild(table);
    box.appendChild(wrap);
  }

  function drawStandings(box, rows, noTitle) {
    clear(box);
    if (!rows || !rows.length) return;
    if (!noTitle) box.appendChild(el("h2", "", W.standings));
    const table = el("table", "standings-table");
    for (const row of rows) {
      const tr = el("tr");
      tr.appendChild(el("td", "rank", row.rank));
      tr.appendChild(el("td", "name", row.name));
      tr.appendChild(el("td", "score", row.points === null || row.points === undefined ? row.correct : row.points));
      table.appendChild(tr);
    }
    box.appendChild(table);
  }

  // ------------------------------------------------------------------ join

  function joinPage() {
    const form = document.getElementById("join");
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      showError("");
      const room = document.getElementById("room").value.trim();
      const name = document.getElementById("name").value;
      const team = document.getElementById("team");
      const result = await api("/api/join", { room: room, name: name, team: team ? team.value : "" });
      if (result.ok) {
        window.location.href = "/play";
      } else {
        showError(result.data.error || String(result.status));
      }
    });
  }

  // ------------------------------------------------------------------ student

  function studentPage() {
    const box = document.getElementById("question");
    let shownKey = null;
    let local = null; // feedback shown after a self-paced answer, until "next"

    function message(text, cls) {
      clear(box);
      box.appendChild(el("p", "message " + (cls || ""), text));
    }

    let sending = false;
    let heard = null; // the question whose reveal has sounded ("end" once the podium has)

    async function send(q, text) {
      if (sending) return; // a double tap sends one answer
      sending = true;
      showError("");
      let result;
      try {
        result = await api("/api/answer", { index: q.index, answer: text });
      } catch (e) {
        showError(W.refused + " " + String(e));
        return;
      } finally {
        sending = false;
      }
      if (!result.ok) {
        showError(W.refused + " " + (result.data.error || result.status));
        shownKey = null;
        return poll();
      }
      if (result.data.feedback) {
        local = { q: q, feedback: result.data.feedback };
        drawFeedback(q, result.data.feedback, true);
        play(result.data.feedback.correct ? "right" : "wrong");
        return;
      }
      shownKey = null;
      poll();
    }

    function drawFeedback(q, fb, withNext) {
      clear(box);
      const gave = fb.answer || (fb.answer_pieces && fb.answer_pieces.length);
      // no answer: «Нет ответа.» alone, never «Неверно.» over it
      if (gave) box.appendChild(el("p", "verdict " + (fb.correct ? "right" : "wrong"), fb.correct ? W.correct : W.wrong));
      const mine = el("p", "mine");
      if (gave) {
        mine.appendChild(el("span", "label", W.your_answer + " "));
        const given = el("span", "given");
        if (fb.answer_pieces && fb.answer_pieces.length) pieceNodes(given, fb.answer_pieces);
        else given.textContent = fb.answer;
        mine.appendChild(given);
      } else mine.appendChild(el("span", "given none", W.not_answered)); // «Нет ответа.»
      box.appendChild(mine);
      if (q.me) drawMe(box, q.me);
      if (fb.expected_pieces) drawExplanation(box, fb); // self-paced feedback has no answer
      if (withNext) {
        const next = el("button", "primary wide", W.next);
        next.addEventListener("click", function () {
          local = null;
          shownKey = null;
          poll();
        });
        box.appendChild(next);
      }
    }

    function keypad(target, onSend, label) {
      const wrap = el("div", "keypad-wrap");
      if (label) wrap.appendChild(el("p", "label", label));
      const display = el("output", "display", "");
      wrap.appendChild(display);
      const pad = el("div", "keypad");
      let value = "";
      const update = function () {
        display.textContent = value;
        go.disabled = value === "";
      };
      for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0"]) {
        const b = el("button", key === "⌫" ? "key back" : "key", key);
        b.type = "button";
        b.addEventListener("click", function () {
          if (key === "⌫") value = value.slice(0, -1);
          else if (value.length < 3) value = value === "0" ? key : value + key;
          update();
        });
        pad.appendChild(b);
      }
      const go = el("button", "key send primary", W.send);
      go.type = "button";
      go.addEventListener("click", function () {
        if (value !== "") onSend(value);
      });
      pad.appendChild(go);
      wrap.appendChild(pad);
      target.appendChild(wrap);
      update();
    }

    function drawMe(target, me) {
      const card = el("div", "me");
      card.appendChild(el("p", "me-rank", fill(W.rank_of, me)));
      if (me.points !== null && me.points !== undefined) card.appendChild(el("p", "me-points", fill(W.points, { n: me.points })));
      card.appendChild(el("p", "me-line", fill(W.right_so_far, { n: me.correct })));
      if (me.streak > 1) card.appendChild(el("p", "me-line streak", fill(W.streak, { n: me.streak })));
      target.appendChild(card);
    }

    function drawAsk(q) {
      drawQuestion(box, q, false);
      if (q.input === "number") {
        keypad(box, function (v) { send(q, v); });
      } else if (q.input === "text") {
        const form = el("form", "typed");
        const input = el("input");
        input.maxLength = 120;
        input.autocomplete = "off";
        input.spellcheck = false;
        form.appendChild(input);
        if (q.hint) form.appendChild(el("p", "note", q.hint));
        const go = el("button", "primary wide", W.send);
        form.appendChild(go);
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          if (input.value.trim()) send(q, input.value);
        });
        box.appendChild(form);
      } else if (q.input === "checkbox") {
        const picked = new Set();
        const row = el("div", "pick-cards");
        const go = el("button", "primary wide", W.send);
        go.disabled = true;
        for (const choice of q.choices) {
          const b = el("button", "pick");
          b.type = "button";
          b.dataset.value = choice.value;
          b.appendChild(line(choice.pieces, "choice-label"));
          b.addEventListener("click", function () {
            if (picked.has(choice.value)) picked.delete(choice.value);
            else if (picked.size < q.pick) picked.add(choice.value);
            b.classList.toggle("on", picked.has(choice.value));
            go.disabled = picked.size !== q.pick;
          });
          row.appendChild(b);
        }
        box.appendChild(row);
        go.addEventListener("click", function () {
          send(q, Array.from(picked).join(" "));
        });
        box.appendChild(go);
      } else {
        const allCards = q.choices.every(function (c) { return c.pieces.length === 1 && c.pieces[0].card; });
        const list = el("div", "choices-buttons" + (allCards ? " cards" : ""));
        for (const choice of q.choices) {
          const b = el("button", "choice");
          b.type = "button";
          b.dataset.value = choice.value;
          b.disabled = choice.disabled;
          if (choice.key) b.appendChild(el("strong", "key", choice.key));
          b.appendChild(line(choice.pieces, "choice-label"));
          b.addEventListener("click", function () {
            if (!choice.then) return send(q, choice.value);
            for (const other of list.querySelectorAll("button")) other.classList.remove("on");
            b.classList.add("on");
            const old = box.querySelector(".keypad-wrap");
            if (old) old.remove();
            keypad(box, function (v) { send(q, choice.value + " " + v); }, choice.then);
          });
          list.appendChild(b);
        }
        box.appendChild(list);
      }
    }

    function drawSummary(s) {
      clear(box);
      box.appendChild(el("p", "message", W.score));
      box.appendChild(el("p", "big-score", s.correct + " / " + s.total));
      const marks = el("ol", "marks");
      s.marks.forEach(function (m) {
        marks.appendChild(el("li", m === null ? "none" : m ? "right" : "wrong", m === null ? "–" : m ? "✓" : "✗"));
      });
      box.appendChild(marks);
    }

    let poll = show;
    async function show() {
      const result = await api("/api/question");
      if (result.status === 401) {
        window.location.href = "/";
        return;
      }
      if (!result.ok) {
        clear(box);
        message(result.data.error || W.removed, "wrong");
        setClock(null);
        return;
      }
      const q = result.data;
      document.getElementById("who").textContent = q.team ? q.name + " · " + q.team : q.name;
      document.getElementById("number").textContent =
        q.number ? fill(W.question_n, { n: q.number, of: q.total }) : "";
      setClock(q.feedback ? null : q.seconds_left, q.state === "paused"); // no clock once revealed
      if (local) return; // the student is reading self-paced feedback
      const key = [q.state, q.index, q.answered, q.feedback ? 1 : 0, q.summary ? 1 : 0, JSON.stringify(q.me)].join("|");
      if (key === shownKey) return;
      shownKey = key;
      if (q.state === "lobby") return message(W.waiting);
      if (q.summary) return drawSummary(q.summary);
      if (q.state === "ended") {
        message(W.ended);
        if (q.me) drawMe(box, q.me);
        if (q.me && q.me.rank <= 3 && heard !== "end") play("podium");
        heard = "end";
        return;
      }
      if (q.state === "finished") return message(W.finished);
      if (q.state === "paused") return message(W.paused);
      if (q.feedback) {
        if (heard !== q.index) play(q.feedback.correct ? "right" : "wrong"); // the reveal, once
        heard = q.index;
        return drawFeedback(q, q.feedback, false);
      }
      if (q.answered) return message(W.answered);
      if (q.state === "closed") return message(W.closed);
      drawAsk(q);
    }

    soundButton();
    poll = live(show);
  }

  // ------------------------------------------------------------------ screen and teacher

  function roomPage(isTeacher) {
    const box = document.getElementById("question");
    const reveal = document.getElementById("reveal");
    const standings = document.getElementById("standings");
    let shownKey = null;

    function draw(s) {
      document.getElementById("number").textContent = s.number ? fill(W.question_n, { n: s.number, of: s.total }) : "";
      document.getElementById("counter").textContent =
        s.state === "lobby" || s.state === "ended" ? "" : fill(W.counter, { answers: s.answers_in, players: s.players });
      if (isTeacher) enableButtons(s);
      setClock(s.reveal ? null : s.seconds_left, s.state === "paused");
      const key = [
        s.state, s.index, s.reveal ? 1 : 0, s.locked ? 1 : 0,
        JSON.stringify(s.standings), JSON.stringify(s.names), JSON.stringify(s.progress), s.finished,
        JSON.stringify(s.teams),
      ].join("|");
      if (key === shownKey) return;
      shownKey = key;
      if (!isTeacher && s.reveal && !body.classList.contains("revealed")) play("reveal");
      if (!isTeacher && s.state === "ended" && body.dataset.state !== "ended") play("podium");
      clear(reveal);
      body.dataset.state = s.state;
      body.classList.toggle("revealed", Boolean(s.reveal) || s.state === "ended");
      if (s.question) drawQuestion(box, s.question, !isTeacher);
      else if (s.state === "lobby") {
        clear(box);
        box.appendChild(el("h1", "title", document.body.dataset.quiz || ""));
        box.appendChild(el("p", "joined", fill(W.joined_count, { n: s.players })));
        if (s.names.length) drawNames(box, s.names);
        else box.appendChild(el("p", "message", W.lobby_empty));
        if (s.locked) box.appendChild(el("p", "message paused", W.locked));
      } else {
        clear(box);
        if (s.state === "ended") {
          if (!isTeacher && s.standings.length) {
            const board = el("div", "final");
            board.appendChild(el("h1", "title", W.podium)); // «Итоги викторины» over the steps
            drawPodium(board, s.standings);
            drawTeams(board, s.teams);
            box.appendChild(board);
          } else box.appendChild(el("p", "message", W.ended));
        }
        if (s.progress) {
          box.appendChild(el("p", "message", W.progress));
          box.appendChild(el("p", "big-score", s.progress.answered + " / " + s.progress.possible));
          box.appendChild(el("p", "joined", fill(W.finished_count, { n: s.finished, of: s.players })));
          const bar = el("div", "progress");
          const fill = el("span");
          fill.style.width = (s.progress.possible ? (100 * s.progress.answered) / s.progress.possible : 0) + "%";
          bar.appendChild(fill);
          box.appendChild(bar);
        }
      }
      if (s.state === "paused") box.appendChild(el("p", "message paused", W.paused));
      if (s.reveal) {
        const top = el("div", "reveal-top");
        const left = el("div", "reveal-answer");
        const tally = s.reveal.answered ? fill(W.tally, { right: s.reveal.right, asked: s.reveal.asked }) : W.tally_none;
        left.appendChild(el("p", "tally", tally)); // «Никто не ответил», never «Верно ответили 0 из 0»; out of every student, as «Ответили 1 из 2»
        drawExplanation(left, s.reveal);
        top.appendChild(left);
        drawChart(top, s.reveal.chart);
        reveal.appendChild(top);
      }
      if (standings) {
        drawStandings(standings, s.state === "ended" ? [] : s.standings);
        if (s.state !== "ended") drawTeams(standings, s.teams);
      }
      if (!isTeacher) fitScreen();
    }

    // The projector never scrolls: a stage that does not fit gets smaller type (down to 60%),
    // and a lobby of more names than fit shows the latest ones and "+N" for the others.
    function fitScreen() {
      const root = document.documentElement;
      const main = document.querySelector("main");
      const over = function () {
        return root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth;
      };
      main.style.fontSize = "";
      let scale = 100;
      while (over() && scale > 60) {
        scale -= 5;
        main.style.fontSize = scale / 100 + "em";
      }
      const wall = box.querySelector(".names");
      if (!wall || !over()) return;
      const more = el("li", "name-chip more");
      wall.appendChild(more);
      let hidden = 0;
      while (over() && wall.firstChild !== more) {
        wall.removeChild(wall.firstChild);
        hidden += 1;
        more.textContent = "+" + hidden;
      }
    }
    if (!isTeacher) {
      window.addEventListener("resize", function () {
        shownKey = null;
        poll();
      });
    }

    function enableButtons(s) {
      const open = s.state === "open" || s.state === "paused";
      const allowed = {
        start: s.state === "lobby",
        reveal: s.mode === "live" && open && !s.reveal,
        next: s.mode === "live" && open,
        skip: s.mode === "live" && open && !s.reveal,
        back: s.mode === "live" && open && s.index > 0,
        add_time: open && (s.mode === "live" ? !s.reveal : s.total_seconds !== null),
        pause: open,
        end: s.state !== "ended",
        lock: s.state !== "ended" && !s.locked,
        unlock: s.state !== "ended" && Boolean(s.locked),
      };
      for (const button of document.querySelectorAll("button[data-action]")) {
        button.disabled = !allowed[button.dataset.action];
      }
    }

    async function teacherState() {
      const result = await api("/api/teacher/state");
      if (!result.ok) return showError(result.data.error || String(result.status));
      const s = result.data;
      draw(s);
      document.getElementById("present").textContent = "(" + s.players + ")";
      const tbody = document.getElementById("players");
      clear(tbody);
      for (const p of s.players_list) {
        const tr = el("tr", p.kicked ? "kicked" : "");
        tr.appendChild(el("td", "name", p.name));
        if (s.team_names.length) {
          const cell = el("td");
          const pick = el("select", "team-pick");
          pick.setAttribute("aria-label", W.teams);
          for (const name of [""].concat(s.team_names)) {
            const option = el("option", "", name || W.team_none);
            option.value = name;
            option.selected = name === p.team;
            pick.appendChild(option);
          }
          pick.disabled = Boolean(p.kicked);
          pick.addEventListener("change", async function () {
            const r = await api("/api/teacher/team", { player: p.player, team: pick.value });
            if (!r.ok) showError(r.data.error);
            teacherState();
          });
          cell.appendChild(pick);
          tr.appendChild(cell);
        }
        tr.appendChild(el("td", "", p.answered));
        tr.appendChild(el("td", "", p.correct));
        // «ответил» / «—»: a tick would read as «верно» for a wrong answer
        tr.appendChild(el("td", "", p.current_answered ? W.answered_now : W.not_answered_now));
        const cell = el("td");
        if (p.readmit) cell.appendChild(el("span", "note", W.readmit_waiting + " "));
        // only a removed student is let back in by hand (a phone that died is removed first)
        if (p.kicked && !p.readmit) {
          const again = el("button", "small", W.readmit);
          again.addEventListener("click", async function () {
            if (!window.confirm(fill(W.confirm_readmit, { name: p.name }))) return;
            const r = await api("/api/teacher/readmit", { player: p.player });
            if (!r.ok) showError(r.data.error);
            teacherState();
          });
          cell.appendChild(again);
          cell.appendChild(document.createTextNode(" "));
        }
        if (p.kicked) cell.appendChild(document.createTextNode(W.kicked));
        else {
          const b = el("button", "small danger", W.kick);
          b.addEventListener("click", async function () {
            if (!window.confirm(fill(W.confirm_kick, { name: p.name }))) return;
            const r = await api("/api/teacher/kick", { player: p.player });
            if (!r.ok) showError(r.data.error);
            teacherState();
          });
          cell.appendChild(b);
        }
        tr.appendChild(cell);
        tbody.appendChild(tr);
      }
    }

    async function screenState() {
      const result = await api("/api/screen");
      if (result.ok) draw(result.data);
    }

    let poll = isTeacher ? teacherState : screenState;
    if (!isTeacher) soundButton();
    // The teacher's keys work on the teacher page and on the projector page opened in the same
    // browser (the teacher's cookie goes with them); anyone else's key presses are refused.
    // The letters are keys of the keyboard, not characters: S starts in a Russian layout too (where
    // it types «ы»), so a key is found by its `code` (KeyS) as well as by what it types.
    const KEYS = { s: "start", r: "reveal", n: "next", ArrowRight: "next", p: "pause", b: "back", ArrowLeft: "back", t: "add_time", "+": "add_time" };
    const CODES = { KeyS: "start", KeyR: "reveal", KeyN: "next", KeyP: "pause", KeyB: "back", KeyT: "add_time", NumpadAdd: "add_time" };
    document.addEventListener("keydown", async function (event) {
      const action = KEYS[event.key] || KEYS[String(event.key).toLowerCase()] || CODES[event.code];
      if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target && /^(INPUT|TEXTAREA|BUTTON)$/.test(event.target.tagName)) return;
      const r = await api("/api/teacher/" + action, {});
      if (isTeacher && !r.ok) showError(r.data.error || String(r.status));
      shownKey = null;
      poll();
    });
    if (isTeacher) {
      for (const button of document.querySelectorAll("button[data-action]")) {
        button.addEventListener("click", async function () {
          showError("");
          if (button.dataset.action === "end" && !window.confirm(W.confirm_end)) return;
          const r = await api("/api/teacher/" + button.dataset.action, {});
          if (!r.ok) showError(r.data.error || String(r.status));
          shownKey = null;
          poll();
        });
      }
    }
    poll = live(poll, true);
  }

  if (page === "join") joinPage();
  else if (page === "student") studentPage();
  else if (page === "screen") roomPage(false);
  else if (page === "teacher") roomPage(true);
})();
