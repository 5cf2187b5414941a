"""The two pages, complete in themselves: HTML, CSS and script inline, no external assets (there is no
internet at the table). Every value from the game is put in the page with ``textContent``, never as HTML.

Large text, high contrast (white on black, yellow for what needs attention), and screen-reader friendly: the
captions are a ``role=log`` live region, and a private page announces "your turn" and new cards.

Every word on a page is the table's language: the HTML is written from the table's phrasebook (``words``, a module
of :mod:`voicefish.table.phrases`, handed in by ``voicefish.commands``), and the script gets its sentences, card names
and counts as one JSON object (``T``) rendered into the page (:func:`page_texts`).
"""

from __future__ import annotations

import html
import json
from types import ModuleType
from typing import Any

from voicefish.cards import Card, Rank, Suit

__all__ = [
    "CSP",
    "NEW_LINK_COMMAND",
    "NOT_CLAIMED_TEXT",
    "NOT_FROM_PAGE_TEXT",
    "PREVIEW_TEXT",
    "TABLE_FORBIDDEN_TEXT",
    "WRONG_HOST_TEXT",
    "WRONG_ORIGIN_TEXT",
    "forbidden_text",
    "in_use_text",
    "notice_html",
    "page_texts",
    "private_html",
    "replaced_text",
    "table_html",
]

CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only the page's own inline script and style, images from data: URIs (QR codes), and calls back home."""

NEW_LINK_COMMAND = "new link"
"""What a player says or types at the table to get a fresh private link (the table loop's command)."""


def forbidden_text(words: ModuleType) -> str:
    """A private page asked for with no valid link: why, and how to get one."""
    return f"403: {words.PAGE_FORBIDDEN} {words.NEW_LINK_ADVICE}\n"


def replaced_text(words: ModuleType) -> str:
    """A private page asked for with a link replaced by a newer one."""
    return f"403: {words.PAGE_OUTDATED} {words.NEW_LINK_ADVICE}\n"


TABLE_FORBIDDEN_TEXT = (
    "403: this table screen link is not valid (it changes every session: use the one printed in the terminal). "
    "The table page for everyone is at /.\n"
)
NOT_CLAIMED_TEXT = "403: open this link in a browser first: the page claims it for the device that opens it.\n"
NOT_FROM_PAGE_TEXT = "403: only the private page itself can do this.\n"
PREVIEW_TEXT = "403: a link preview never opens a private page (it stays free for its player).\n"
WRONG_HOST_TEXT = "403: the screen only answers on this computer's own addresses.\n"
WRONG_ORIGIN_TEXT = "403: requests from other sites are refused.\n"


def in_use_text(words: ModuleType) -> str:
    """What a second device is told: the link is bound to another device, and how to get a new one."""
    return f"{words.PAGE_ELSEWHERE} {words.NEW_LINK_HOW}\n"


def page_texts(book: ModuleType) -> dict[str, Any]:
    """Everything a page's script says, in the language of the phrasebook ``book``: its ``PAGE_`` sentences
    (``{0}``, ``{1}``: filled in by the script), ``DEALER`` and ``NEW_LINK_ADVICE``, each card's name (``CARD``) and
    the sentence for drawing it (``DREW``), each rank's plural as a label (``RANK``), and the hand sizes 0–52
    (``COUNT``)."""
    names = [n for n in dir(book) if n.startswith("PAGE_")] + ["DEALER", "NEW_LINK_ADVICE"]
    texts: dict[str, Any] = {name: getattr(book, name) for name in names}
    # by rank, then suit: a card's code ("7H") never stands in the page (tests look for codes as a leak)
    texts["CARD"] = {r.code: {s.code: book.card_name(Card(r, s)) for s in Suit} for r in Rank}
    texts["DREW"] = {r.code: {s.code: book.you_drew(Card(r, s)) for s in Suit} for r in Rank}
    texts["RANK"] = {r.code: _capital(book.rank_plural(r)) for r in Rank}
    texts["COUNT"] = [book.card_count(n) for n in range(53)]
    return texts


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _script_json(value: object) -> str:
    """``value`` as JSON that is safe inside a ``<script>`` element (no ``</script>``, no ``<!--``)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace("\u2028", "\\u2028")


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
const T = __TEXTS__;
function fill(t, ...a) { return t.replace(/\{(\d)\}/g, (m, i) => String(a[+i])); }
const SUITS = {S: ["\u2660", false], H: ["\u2665", true], D: ["\u2666", true], C: ["\u2663", false]};
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}
function byCard(map, code) { const r = map[code.slice(0, -1)]; return (r && r[code.slice(-1)]) || code; }
function cardName(code) { return byCard(T.CARD, code); }
function cardEl(code) {
  const s = SUITS[code.slice(-1)], r = code.slice(0, -1);
  const e = el("span", {class: "card" + (s && s[1] ? " red" : ""), "data-card": code, role: "img",
    "aria-label": cardName(code)});
  e.textContent = r + (s ? s[0] : "");
  return e;
}
const ADVICE = T.NEW_LINK_ADVICE;
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
      if (!r.ok) { conn.textContent = fill(T.PAGE_GONE, r.status); conn.className = "conn bad";
        return; }
      const msg = await r.json();
      vf.syncing = false; sync(msg);
    } catch (e) { setTimeout(() => { vf.syncing = false; resync(); }, 1000); return; }
    vf.syncing = false;
  }
  function handle(msg) {
    if (msg.type === "closed") {  // the game has ended and the server is going away: stop listening
      vf.closed = true; es.close();
      conn.textContent = T.PAGE_ENDED; conn.className = "conn";
      return;
    }
    if (msg.type === "revoked") {  // a new link replaced this one: this page shows nothing more
      vf.revoked = true; es.close();
      conn.textContent = T.PAGE_REPLACED + " " + ADVICE;
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
    es.onopen = () => { conn.textContent = T.PAGE_LIVE; conn.className = "conn"; };
    es.onmessage = (e) => handle(JSON.parse(e.data));
    es.onerror = () => {
      conn.textContent = T.PAGE_LOST; conn.className = "conn bad";
      if (es.readyState !== EventSource.CLOSED) return;  // the browser retries by itself
      // refused (e.g. 403: a link from an earlier game): ask why, and stop or retry
      fetch(api, {cache: "no-store"}).then(r => {
        if (r.status === 403) {
          conn.textContent = T.PAGE_NOT_VALID + " " + ADVICE;
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
  const who = item.voice || T.DEALER;
  capList.append(el("li", {"data-n": String(item.n)}, el("span", {class: "who", text: who + ": "}), item.text));
  while (capList.children.length > 200) capList.firstChild.remove();
  capList.scrollTop = capList.scrollHeight;
}
function renderState(st) {
  const body = document.getElementById("players");
  body.replaceChildren();
  if (!st) { document.getElementById("status").textContent = T.PAGE_WAITING; return; }
  document.getElementById("game").textContent = st.games > 1 ? fill(T.PAGE_GAME_OF, st.game, st.games) :
    fill(T.PAGE_GAME, st.game);
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
  const w = st.winners || [];
  if (st.over) status = w.length > 1 ? fill(T.PAGE_SHARE, w.slice(0, -1).join(", "), w[w.length - 1]) :
    (w.length ? fill(T.PAGE_WINS, w[0]) : T.PAGE_OVER);
  else status = (st.current ? fill(T.PAGE_TURN_OF, st.current) : "") + (st.tiebreak ? " " + T.PAGE_TIEBREAK : "");
  document.getElementById("status").textContent = status;
  if (st.current !== lastTurn) { lastTurn = st.current; }
  document.getElementById("rules").textContent = st.rules.length ? fill(T.PAGE_RULES, st.rules.join(", ")) :
    T.PAGE_CLASSIC;
}
function renderJoins(joins) {
  const box = document.getElementById("joins");
  box.replaceChildren();
  const waiting = (joins || []).filter(j => !j.connected && j.url);
  document.getElementById("joinsec").hidden = waiting.length === 0;
  document.getElementById("localonly").hidden = !["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  for (const j of waiting) {
    box.append(el("div", {class: "join", "data-seat": String(j.seat)},
      el("div", {text: fill(T.PAGE_SCAN, j.name)}),
      el("img", {src: j.qr, alt: fill(T.PAGE_QR, j.name)}),
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
  if (!st) { status.textContent = T.PAGE_WAITING; secret.hidden = true; cover.hidden = true;
    return; }
  status.textContent = st.over ? T.PAGE_GAME_IS_OVER : (st.your_turn ? T.PAGE_YOUR_TURN : (st.current ?
    fill(T.PAGE_TURN_OF, st.current) : ""));
  document.getElementById("count").textContent = T.COUNT[st.hand_size] || String(st.hand_size);
  const canSee = st.hand_visible;
  note.hidden = canSee;
  note.textContent = canSee ? "" : T.PAGE_NO_PEEKING;
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
    const label = T.RANK[g.rank] || g.rank;
    hand.append(el("li", {class: "rank", "data-rank": g.rank},
      el("span", {class: "label", text: label + " (" + g.cards.length + ")"}), ...g.cards.map(cardEl)));
  }
  if (!st.hand.length) hand.append(el("li", {class: "muted", text: T.PAGE_NO_CARDS}));
  // "drawn" is the last card drawn; once it has been given away it is no longer news
  if (st.drawn && st.hand.some(g => g.cards.includes(st.drawn))) drawn.append(T.PAGE_JUST_DREW + " ", cardEl(st.drawn));
}
function onState(next, quiet) {
  const wasTurn = lastTurnFlag;
  st = next; lastTurnFlag = !!(st && st.your_turn);
  if (st && st.no_peeking && !st.your_turn) revealed = false;
  render();
  if (quiet || !st) { lastDrawn = st ? st.drawn : null; return; }
  if (st.your_turn && !wasTurn) say(T.PAGE_YOUR_TURN_SAID);
  else if (st.drawn && st.drawn !== lastDrawn && st.hand_visible) {
    say(covered() ? T.PAGE_NEW_CARD : byCard(T.DREW, st.drawn));
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
  document.getElementById("status").textContent = status === 409 ? T.PAGE_IN_USE : T.PAGE_NOT_HERE;
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
  } catch (e) { note.textContent = T.PAGE_NO_ANSWER; }
});
claim();
"""


def _head(title: str, lang: str) -> str:
    return (
        "<!doctype html>\n"
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>\n"
    )


def _page(title: str, body: str, script: str, book: ModuleType) -> str:
    texts = _script_json(page_texts(book))
    common = _COMMON_JS.replace("__TEXTS__", texts)
    return f"{_head(title, _code(book))}<body>{body}\n<script>{common}{script}</script></body></html>\n"


def _code(book: ModuleType) -> str:
    """The page's language code (``en``, ``it``, …), from its phrasebook module's name."""
    name = book.__name__.rsplit(".", 1)[-1]
    return "en" if name == "phrasebook" else name


def table_html(b: ModuleType) -> str:
    """The table page (in the phrasebook ``b``'s language): whose turn, hand sizes, books, scores, stock, live
    captions, join codes."""
    t = {k: html.escape(str(getattr(b, k))) for k in dir(b) if k.startswith(("PAGE_", "GAME_"))}
    heads = "".join(f'<th scope="col">{t[k]}</th>' for k in ("PAGE_PLAYER", "PAGE_CARDS", "PAGE_BOOKS"))
    heads += "".join(f'<th scope="col">{t[k]}</th>' for k in ("PAGE_SCORE", "PAGE_SESSION"))
    body = f"""
<header><h1>{t["GAME_NAME"]} <span id="game" class="muted"></span></h1>
<p id="status" class="status" role="status" aria-live="polite">{t["PAGE_CONNECTING"]}</p>
<p class="muted">{t["PAGE_STOCK"]} <strong id="stock">\u2014</strong> \u00b7 <span id="rules"></span>
 \u00b7 <span id="conn" class="conn">{t["PAGE_CONNECTING"]}</span></p></header>
<main>
<table aria-label="{t["PAGE_PLAYERS"]}"><thead><tr>{heads}</tr></thead>
<tbody id="players"></tbody></table>
<section aria-labelledby="caph"><h2 id="caph">{t["PAGE_SAID"]}</h2>
<ol id="captions" role="log" aria-live="polite" aria-relevant="additions"></ol></section>
<section id="joinsec" hidden aria-labelledby="joinh"><h2 id="joinh">{t["PAGE_PRIVATE_PAGES"]}</h2>
<p class="muted">{t["PAGE_SCAN_HELP"]}</p>
<p id="localonly" class="note" hidden>{t["PAGE_LOCAL_ONLY"].replace("{0}", "--lan")}</p>
<div id="joins" class="joins"></div></section>
</main>"""
    return _page(b.PAGE_TABLE_TITLE.format(b.GAME_NAME), body, _TABLE_JS, b)


def notice_html(text: str, b: ModuleType) -> str:
    """A page that only says ``text`` (a refusal, with its advice): no script, nothing from the game."""
    body = f'<main><h1>{html.escape(b.GAME_NAME)}</h1><p class="status" role="alert">{html.escape(text.strip())}'
    body += "</p></main>"
    return f"{_head(b.GAME_NAME, _code(b))}<body>{body}</body></html>\n"


def private_html(name: str, b: ModuleType) -> str:
    """One human's private page (served only with their token), in the phrasebook ``b``'s language."""
    t = {k: html.escape(str(getattr(b, k))) for k in dir(b) if k.startswith("PAGE_")}
    who = html.escape(name)
    body = f"""
<header><h1>{t["PAGE_CARDS_OF"].replace("{0}", who)}</h1>
<p id="status" class="status" role="status" aria-live="polite">{t["PAGE_CONNECTING"]}</p>
<p id="meta" class="muted"><span id="count"></span> \u00b7
 <span id="conn" class="conn">{t["PAGE_CONNECTING"]}</span></p>
</header>
<div id="announce" class="sr" aria-live="assertive" aria-atomic="true"></div>
<p id="refusal" class="note" role="alert" hidden></p>
<noscript><p class="note">{t["PAGE_NEEDS_SCRIPT"]}</p></noscript>
<main id="main">
<p id="note" class="note" hidden></p>
<div id="cover" hidden><button id="showbtn" type="button">{t["PAGE_TAP"]}</button></div>
<section id="secret" hidden aria-label="{t["PAGE_YOUR_HAND"]}">
<div id="drawn" class="drawn"></div>
<ul id="hand" style="list-style:none;margin:0;padding:0"></ul>
<p><button id="hidebtn" type="button">{t["PAGE_HIDE"]}</button></p>
</section>
<section id="msgsec" aria-labelledby="msgh"><h2 id="msgh">{t["PAGE_JUST_FOR_YOU"]}</h2>
<ol id="messages" role="log" aria-live="polite" aria-relevant="additions"></ol></section>
<section aria-labelledby="linkh"><h2 id="linkh">{t["PAGE_THIS_LINK"]}</h2>
<p class="muted">{t["PAGE_LINK_HELP"]}</p>
<p><button id="renewbtn" type="button">{t["PAGE_RENEW"]}</button></p>
<p id="renewnote" class="note" role="status"></p></section>
</main>"""
    return _page(b.PAGE_PRIVATE_TITLE.format(name), body, _PRIVATE_JS, b)
