"""The two pages, complete in themselves: HTML, CSS and script inline, no external assets (there is no
internet at the table). Every value from the game is put in the page with ``textContent``, never as HTML.

Large text, high contrast (white on black, yellow for what needs attention), and screen-reader friendly: the
captions are a ``role=log`` live region, and a private page announces "your turn" and new cards.
"""

from __future__ import annotations

import html
import json

__all__ = [
    "CSP",
    "FORBIDDEN_TEXT",
    "NEW_LINK_COMMAND",
    "NOT_CLAIMED_TEXT",
    "NOT_FROM_PAGE_TEXT",
    "PREVIEW_TEXT",
    "REPLACED_TEXT",
    "TABLE_FORBIDDEN_TEXT",
    "WRONG_HOST_TEXT",
    "WRONG_ORIGIN_TEXT",
    "in_use_text",
    "notice_html",
    "private_html",
    "table_html",
]

CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only the page's own inline script and style, images from data: URIs (QR codes), and calls back home."""

NEW_LINK_COMMAND = "new link"
"""What a player says or types at the table to get a fresh private link (the table loop's command)."""

_HOW = (
    f'say or type "{NEW_LINK_COMMAND}" at the table: the old link stops working and the new one is shown on the '
    "table screen and in the terminal."
)
ADVICE = f"To get a new link, {_HOW}"

FORBIDDEN_TEXT = f"403: this private page needs its player's own link. {ADVICE}\n"
REPLACED_TEXT = (
    "403: this link has been replaced by a newer one and no longer works. Use the newest link, or get another: "
    f"{ADVICE}\n"
)
TABLE_FORBIDDEN_TEXT = (
    "403: this table screen link is not valid (it changes every session: use the one printed in the terminal). "
    "The table page for everyone is at /.\n"
)
NOT_CLAIMED_TEXT = "403: open this link in a browser first: the page claims it for the device that opens it.\n"
NOT_FROM_PAGE_TEXT = "403: only the private page itself can do this.\n"
PREVIEW_TEXT = "403: a link preview never opens a private page (it stays free for its player).\n"
WRONG_HOST_TEXT = "403: the screen only answers on this computer's own addresses.\n"
WRONG_ORIGIN_TEXT = "403: requests from other sites are refused.\n"


def in_use_text() -> str:
    """What a second device is told: the link is bound to another device, and how to get a new one."""
    return (
        "This private page is already open on another device, and only that device can show it. If that device "
        f"is not yours, or you cannot use it any more, {_HOW}\n"
    )


_CSS = """
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem 1.25rem; background: #000; color: #fff;
  font: 1.5rem/1.4 system-ui, "DejaVu Sans", sans-serif; }
h1 { font-size: 2.2rem; margin: 0 0 .5rem; }
h2 { font-size: 1.7rem; margin: 1rem 0 .4rem; }
.status { font-size: 1.9rem; font-weight: bold; color: #ffd700; margin: .2rem 0 .6rem; }
.muted { color: #d0d0d0; }
.conn { font-size: 1.1rem; color: #d0d0d0; }
.conn.bad { color: #ff9d9d; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 2px solid #444; }
th { color: #d0d0d0; font-weight: normal; }
tr.turn td { color: #ffd700; font-weight: bold; }
tr.out td { color: #9a9a9a; }
#captions { list-style: none; margin: 0; padding: 0 .4rem; max-height: 45vh; overflow-y: auto;
  border: 2px solid #444; border-radius: .4rem; }
#captions li, #messages li { padding: .25rem 0; border-bottom: 1px solid #333; }
.who { color: #8fd3ff; font-weight: bold; }
.joins { display: flex; flex-wrap: wrap; gap: 1.2rem; }
.join { background: #111; border: 2px solid #555; padding: .6rem; border-radius: .5rem; }
.join img { display: block; width: 12rem; height: 12rem; image-rendering: pixelated; background: #fff; }
.join a { color: #8fd3ff; font-size: 1rem; word-break: break-all; }
.rank { display: flex; align-items: center; gap: .6rem; padding: .3rem 0; border-bottom: 1px solid #333; }
.rank .label { min-width: 8.5rem; color: #d0d0d0; }
.card { display: inline-block; min-width: 3.2rem; padding: .2rem .45rem; margin-right: .3rem; text-align: center;
  background: #fff; color: #000; border-radius: .35rem; font-size: 2rem; font-weight: bold; }
.card.red { color: #c00000; }
.drawn { margin: .6rem 0; }
.drawn .card { outline: 4px solid #ffd700; }
button { font: inherit; font-size: 1.8rem; padding: 1.2rem 1.6rem; border-radius: .6rem; border: 3px solid #ffd700;
  background: #222; color: #fff; cursor: pointer; width: 100%; }
button:focus { outline: 4px solid #8fd3ff; }
#cover { margin: 1rem 0; }
.note { color: #ffd700; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
"""

_COMMON_JS = r"""
const RANK_NAMES = {A: "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
  "8": "eight", "9": "nine", "10": "ten", J: "jack", Q: "queen", K: "king"};
const RANK_PLURALS = {A: "Aces", "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes",
  "7": "Sevens", "8": "Eights", "9": "Nines", "10": "Tens", J: "Jacks", Q: "Queens", K: "Kings"};
const SUITS = {S: ["\u2660", "spades", false], H: ["\u2665", "hearts", true], D: ["\u2666", "diamonds", true],
  C: ["\u2663", "clubs", false]};
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}
function cardName(code) {
  const s = SUITS[code.slice(-1)], r = code.slice(0, -1);
  return s ? (RANK_NAMES[r] || r) + " of " + s[1] : code;
}
function cardEl(code) {
  const s = SUITS[code.slice(-1)], r = code.slice(0, -1);
  const e = el("span", {class: "card" + (s && s[2] ? " red" : ""), "data-card": code, role: "img",
    "aria-label": cardName(code)});
  e.textContent = r + (s ? s[0] : "");
  return e;
}
const ADVICE = __ADVICE__;
function liveStream(api, events, onSync, onEvent) {
  const vf = window.vf = {seq: -1, gaps: 0, resyncs: 0, events: 0, syncing: false, pending: [], seen: [],
    announced: []};
  const conn = document.getElementById("conn");
  function sync(msg) {
    vf.seq = msg.seq; onSync(msg);
    // events that came while fetching: apply those that follow on; anything after a gap is dropped (the next
    // event then shows the gap again and fetches again, so there is no loop on a bad event)
    const later = vf.pending.filter(m => m.seq > vf.seq).sort((a, b) => a.seq - b.seq);
    vf.pending = [];
    for (const m of later) {
      if (m.seq !== vf.seq + 1) break;
      vf.seq = m.seq; vf.events++; vf.seen.push(m.seq); onEvent(m);
    }
    document.body.dataset.seq = String(vf.seq);
  }
  async function resync() {
    if (vf.syncing) return;
    vf.syncing = true; vf.resyncs++;
    try {
      const r = await fetch(api, {cache: "no-store"});
      if (!r.ok) { conn.textContent = "This page is no longer valid (" + r.status + ")."; conn.className = "conn bad";
        return; }
      const msg = await r.json();
      vf.syncing = false; sync(msg);
    } catch (e) { setTimeout(() => { vf.syncing = false; resync(); }, 1000); return; }
    vf.syncing = false;
  }
  function handle(msg) {
    if (msg.type === "closed") {  // the game has ended and the server is going away: stop listening
      vf.closed = true; es.close();
      conn.textContent = "The game has ended. You can close this page."; conn.className = "conn";
      return;
    }
    if (msg.type === "revoked") {  // a new link replaced this one: this page shows nothing more
      vf.revoked = true; es.close();
      conn.textContent = "This link has been replaced by a new one; this page no longer updates. " + ADVICE;
      conn.className = "conn bad";
      return;
    }
    if (msg.type === "sync") { vf.pending = []; sync(msg); return; }
    if (vf.syncing) { vf.pending.push(msg); return; }
    if (msg.seq <= vf.seq) return;
    if (msg.seq !== vf.seq + 1) { vf.gaps++; vf.pending.push(msg); resync(); return; }
    vf.seq = msg.seq; vf.events++; vf.seen.push(msg.seq); onEvent(msg);
    document.body.dataset.seq = String(vf.seq);
  }
  vf.handle = handle; vf.resync = resync;
  let es = null;
  function connect() {
    es = new EventSource(events);
    es.onopen = () => { conn.textContent = "Live"; conn.className = "conn"; };
    es.onmessage = (e) => handle(JSON.parse(e.data));
    es.onerror = () => {
      conn.textContent = "Connection lost, reconnecting\u2026"; conn.className = "conn bad";
      if (es.readyState !== EventSource.CLOSED) return;  // the browser retries by itself
      // refused (e.g. 403: a link from an earlier game): ask why, and stop or retry
      fetch(api, {cache: "no-store"}).then(r => {
        if (r.status === 403) {
          conn.textContent = "This link is not valid for the game now running. " + ADVICE;
          vf.refused = true;
        } else setTimeout(connect, 2000);
      }, () => setTimeout(connect, 2000));
    };
  }
  connect();
  vf.connect = () => { es.close(); connect(); };
  vf.close = () => es.close();
}
"""

_TABLE_JS = r"""
const capList = document.getElementById("captions");
let lastTurn = null;
function addCaption(item) {
  const who = item.voice || "Dealer";
  capList.append(el("li", {"data-n": String(item.n)}, el("span", {class: "who", text: who + ": "}), item.text));
  while (capList.children.length > 200) capList.firstChild.remove();
  capList.scrollTop = capList.scrollHeight;
}
function renderState(st) {
  const body = document.getElementById("players");
  body.replaceChildren();
  if (!st) { document.getElementById("status").textContent = "Waiting for the game to start\u2026"; return; }
  document.getElementById("game").textContent = "Game " + st.game + (st.games > 1 ? " of " + st.games : "");
  document.getElementById("stock").textContent = st.stock;
  for (const p of st.players) {
    const tr = el("tr", {class: p.turn ? "turn" : (p.active ? "" : "out"), "data-player": p.name},
      el("td", {text: (p.turn ? "\u25b6 " : "") + p.name}), el("td", {"data-field": "hand_size", text: p.hand_size}),
      el("td", {"data-field": "books", text: p.books.length ? p.books.join(" ") : "\u2014"}),
      el("td", {"data-field": "score", text: p.score}),
      el("td", {"data-field": "session_score", text: p.session_score}));
    body.append(tr);
  }
  let status;
  if (st.over) status = st.winners.length ? "Game over. " + st.winners.join(" and ") +
    (st.winners.length > 1 ? " share the win." : " wins!") : "Game over.";
  else status = (st.current ? st.current + "'s turn" : "") + (st.tiebreak ? " (tie-break)" : "");
  document.getElementById("status").textContent = status;
  if (st.current !== lastTurn) { lastTurn = st.current; }
  document.getElementById("rules").textContent = st.rules.length ? "Rules: " + st.rules.join(", ") : "Classic rules";
}
function renderJoins(joins) {
  const box = document.getElementById("joins");
  box.replaceChildren();
  const waiting = (joins || []).filter(j => !j.connected && j.url);
  document.getElementById("joinsec").hidden = waiting.length === 0;
  document.getElementById("localonly").hidden = !["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  for (const j of waiting) {
    box.append(el("div", {class: "join", "data-seat": String(j.seat)},
      el("div", {text: j.name + ", scan for your cards:"}),
      el("img", {src: j.qr, alt: "QR code with " + j.name + "'s private link"}),
      el("a", {href: j.url, target: "_blank", rel: "noreferrer", text: j.url})));
  }
}
liveStream("api/table", "events/table",  // relative: the host's screen (/t/<token>/) has its own
  (msg) => { window.vf.state = msg.state; renderState(msg.state); renderJoins(msg.joins);
             capList.replaceChildren(); for (const c of msg.log) addCaption(c); },
  (msg) => {
    if (msg.type === "state") { window.vf.state = msg.state; renderState(msg.state); }
    else if (msg.type === "caption") addCaption(msg.item);
    else if (msg.type === "joins") renderJoins(msg.joins);
  });
"""

_PRIVATE_JS = r"""
const REVEAL_MS = 15000;
let st = null, revealed = false, hideTimer = null, lastDrawn = null, lastTurnFlag = false;
const announce = document.getElementById("announce");
function say(text) {
  window.vf.announced.push(text);  // what a screen reader was told (read by tests)
  announce.textContent = ""; setTimeout(() => { announce.textContent = text; }, 50);
}
function covered() { return !!(st && st.no_peeking) && !revealed; }
function hide() { revealed = false; if (hideTimer) clearTimeout(hideTimer); hideTimer = null; render(); }
function reveal() {
  revealed = true; if (hideTimer) clearTimeout(hideTimer);
  hideTimer = setTimeout(hide, REVEAL_MS); render();
  document.getElementById("hidebtn").focus();
}
document.getElementById("showbtn").addEventListener("click", reveal);
document.getElementById("hidebtn").addEventListener("click", hide);
function render() {
  const status = document.getElementById("status"), hand = document.getElementById("hand");
  const drawn = document.getElementById("drawn"), cover = document.getElementById("cover");
  const secret = document.getElementById("secret"), note = document.getElementById("note");
  if (!st) { status.textContent = "Waiting for the game to start\u2026"; secret.hidden = true; cover.hidden = true;
    return; }
  status.textContent = st.over ? "The game is over." : (st.your_turn ? "Your turn!" : (st.current ?
    st.current + "'s turn" : ""));
  document.getElementById("count").textContent = st.hand_size === 1 ? "1 card" : st.hand_size + " cards";
  const canSee = st.hand_visible;
  note.hidden = canSee;
  note.textContent = canSee ? "" : "No peeking: you may look at your cards only during your turn.";
  if (!canSee) { revealed = false; }
  const isCovered = covered();
  cover.hidden = !(canSee && isCovered);
  secret.hidden = !canSee || isCovered;
  document.body.dataset.covered = isCovered ? "1" : "0";
  document.getElementById("msgsec").hidden = !!st.no_peeking && (isCovered || !canSee);
  document.getElementById("hidebtn").hidden = !st.no_peeking;
  hand.replaceChildren();
  drawn.replaceChildren();
  if (secret.hidden) return;
  for (const g of st.hand) {
    const label = RANK_PLURALS[g.rank] || g.rank;
    hand.append(el("li", {class: "rank", "data-rank": g.rank},
      el("span", {class: "label", text: label + " (" + g.cards.length + ")"}), ...g.cards.map(cardEl)));
  }
  if (!st.hand.length) hand.append(el("li", {class: "muted", text: "No cards in your hand."}));
  // "drawn" is the last card drawn; once it has been given away it is no longer news
  if (st.drawn && st.hand.some(g => g.cards.includes(st.drawn))) drawn.append("You just drew: ", cardEl(st.drawn));
}
function onState(next, quiet) {
  const wasTurn = lastTurnFlag;
  st = next; lastTurnFlag = !!(st && st.your_turn);
  if (st && st.no_peeking && !st.your_turn) revealed = false;
  render();
  if (quiet || !st) { lastDrawn = st ? st.drawn : null; return; }
  if (st.your_turn && !wasTurn) say("Your turn.");
  else if (st.drawn && st.drawn !== lastDrawn && st.hand_visible) {
    say(covered() ? "You have a new card. Tap to see your cards." : "You drew the " + cardName(st.drawn) + ".");
  }
  lastDrawn = st.drawn;
}
function addMessage(item) {
  const list = document.getElementById("messages");
  list.append(el("li", {"data-n": String(item.n), "data-kind": item.kind}, item.text));
  while (list.children.length > 50) list.firstChild.remove();
}
const BASE = location.pathname.replace(/\/$/, "");
function refused(status, text) {  // this device may not use the link: say so plainly, show nothing else
  window.vf = {refused: true, refusedStatus: status, announced: []};
  document.getElementById("main").hidden = true;
  document.getElementById("status").textContent = status === 409 ? "This link is in use on another device." :
    "This link does not work here.";
  const box = document.getElementById("refusal");
  box.textContent = text; box.hidden = false;
  document.getElementById("meta").hidden = true;
  document.body.dataset.refused = String(status);
}
async function claim() {
  let r;
  try {
    r = await fetch(BASE + "/claim", {method: "POST", cache: "no-store", headers: {"X-Voicefish-Action": "claim"}});
  } catch (e) { setTimeout(claim, 1000); return; }
  if (!r.ok) { refused(r.status, (await r.text()).replace(/^\d+: /, "")); return; }
  liveStream(BASE + "/api", BASE + "/events",
    (msg) => { document.getElementById("messages").replaceChildren(); for (const m of msg.log) addMessage(m);
               window.vf.state = msg.state; onState(msg.state, true); },
    (msg) => {
      if (msg.type === "state") { window.vf.state = msg.state; onState(msg.state, false); }
      else if (msg.type === "message") addMessage(msg.item);
    });
}
document.getElementById("renewbtn").addEventListener("click", async () => {
  const note = document.getElementById("renewnote");
  try {
    const r = await fetch(BASE + "/renew", {method: "POST", cache: "no-store",
      headers: {"X-Voicefish-Action": "renew"}});
    if (!r.ok) { note.textContent = (await r.text()).replace(/^\d+: /, ""); return; }
    const j = await r.json();
    window.vf.close(); location.replace(j.path);
  } catch (e) { note.textContent = "The table did not answer; try again."; }
});
claim();
"""


def _page(title: str, body: str, script: str) -> str:
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>\n"
        f"<body>{body}\n<script>{_COMMON_JS.replace('__ADVICE__', json.dumps(ADVICE))}{script}</script>"
        "</body></html>\n"
    )


def table_html() -> str:
    """The table page: whose turn, hand sizes, books, scores, stock, live captions, join codes."""
    body = """
<header><h1>Go Fish <span id="game" class="muted"></span></h1>
<p id="status" class="status" role="status" aria-live="polite">Connecting\u2026</p>
<p class="muted">Cards in the stock: <strong id="stock">\u2014</strong> \u00b7 <span id="rules"></span>
 \u00b7 <span id="conn" class="conn">Connecting\u2026</span></p></header>
<main>
<table aria-label="Players"><thead><tr><th scope="col">Player</th><th scope="col">Cards</th>
<th scope="col">Books</th><th scope="col">Score</th><th scope="col">Session</th></tr></thead>
<tbody id="players"></tbody></table>
<section aria-labelledby="caph"><h2 id="caph">What was said</h2>
<ol id="captions" role="log" aria-live="polite" aria-relevant="additions"></ol></section>
<section id="joinsec" hidden aria-labelledby="joinh"><h2 id="joinh">Private pages</h2>
<p class="muted">Each player scans their own code with their phone. A code disappears once it has been used,
 and its link then works only on the phone that opened it.</p>
<p id="localonly" class="note" hidden>These links work on this computer only: start the game with --lan so phones
 on the same network can open them.</p>
<div id="joins" class="joins"></div></section>
</main>"""
    return _page("Go Fish \u2014 table", body, _TABLE_JS)


def notice_html(text: str) -> str:
    """A page that only says ``text`` (a refusal, with its advice): no script, nothing from the game."""
    body = f'<main><h1>Go Fish</h1><p class="status" role="alert">{html.escape(text.strip())}</p></main>'
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>Go Fish</title><style>{_CSS}</style></head>\n<body>{body}</body></html>\n"
    )


def private_html(name: str) -> str:
    """One human's private page (served only with their token)."""
    who = html.escape(name)
    body = f"""
<header><h1>{who}\u2019s cards</h1>
<p id="status" class="status" role="status" aria-live="polite">Connecting\u2026</p>
<p id="meta" class="muted"><span id="count"></span> \u00b7 <span id="conn" class="conn">Connecting\u2026</span></p>
</header>
<div id="announce" class="sr" aria-live="assertive" aria-atomic="true"></div>
<p id="refusal" class="note" role="alert" hidden></p>
<noscript><p class="note">This page needs JavaScript to show your cards.</p></noscript>
<main id="main">
<p id="note" class="note" hidden></p>
<div id="cover" hidden><button id="showbtn" type="button">Tap to see your cards</button></div>
<section id="secret" hidden aria-label="Your hand">
<div id="drawn" class="drawn"></div>
<ul id="hand" style="list-style:none;margin:0;padding:0"></ul>
<p><button id="hidebtn" type="button">Hide my cards</button></p>
</section>
<section id="msgsec" aria-labelledby="msgh"><h2 id="msgh">Just for you</h2>
<ol id="messages" role="log" aria-live="polite" aria-relevant="additions"></ol></section>
<section aria-labelledby="linkh"><h2 id="linkh">This link</h2>
<p class="muted">It works only on this device. If someone else may have seen it, get a new one here: the old
 link stops working at once.</p>
<p><button id="renewbtn" type="button">Get a new link for this device</button></p>
<p id="renewnote" class="note" role="status"></p></section>
</main>"""
    return _page(f"{name} \u2014 private", body, _PRIVATE_JS)
