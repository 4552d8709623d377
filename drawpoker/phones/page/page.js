// drawpoker: one seat's page. It shows what the table sends (this seat's view and the public news)
// and sends the player's decisions; the table judges them. Text goes in with textContent only.
(() => {
  'use strict';

  const W = JSON.parse(document.documentElement.dataset.words || '{}');
  const say = (key, values) =>
    (W[key] || key).replace(/\{(\w+)\}/g, (gap, name) => (values && name in values ? String(values[name]) : gap));
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const secret = location.pathname.split('/').pop();
  const storeKey = 'drawpoker-device-' + secret;
  const SUITS = { s: ['♠', 'spades'], h: ['♥', 'hearts'], d: ['♦', 'diamonds'], c: ['♣', 'clubs'] };
  const TCP = 'three-card-poker';
  // a Three Card Poker box's bets, in the order a decision sends them; and the order of a box's result
  const BETS = ['ante', 'pair_plus', 'prime', 'six_card'];
  const RESULT = ['ante', 'play', 'ante_bonus', 'pair_plus', 'prime', 'six_card'];

  let ws = null;
  let device = null;
  try { device = localStorage.getItem(storeKey); } catch (e) { device = null; }
  let nextId = 1;
  let pending = null; // the id of the decision the table has not answered yet
  let ended = false; // the table said bye: no reconnecting
  let retry = 0;
  let view = null;
  let news = {};
  let selected = new Set(); // cards chosen to throw (their text)
  let handKey = '';
  let amount = null; // the open amount entry: {action}
  let message = '';
  let foldAsked = false; // Fold was tapped while checking is free: asked once, a second tap folds
  let slips = null; // Three Card Poker: the bet slips being filled, [ante, pair_plus, prime, six_card] per box
  let slipKey = '';
  let lastSlips = null; // the bets this phone placed last, offered again next round
  let hintShown = false;
  let hintKey = '';
  let rounds = false; // Three Card Poker: a round, where the draw games have a deal
  let myName = ''; // this seat's player, as the table named them
  // the draw games: the part of the deal ({deal, phase}: betting or an exchange) this phone's last decision was
  // made in, until the state after it comes; then whether that state is this seat's turn again in the next part
  // of the same deal (the betting closed and it exchanges first): "your turn again" first, as at the laptop, so a
  // second tap meant for the last button (a double tap, a tap again when the answer seemed slow) does not stand
  // pat in the exchange
  let decidedIn = null;
  let judged = null;
  let again = false;

  // ---------------------------------------------------------------- words that do not change
  document.title = say('title');
  $('hand-title').textContent = say('your_cards');
  $('cards').dataset.empty = say('no_cards');
  $('coach-title').textContent = say('coach');
  $('table-title').textContent = say('table');
  $('standings-title').textContent = say('standings');
  $('log-title').textContent = say('log');
  $('st-player').textContent = say('player');
  $('st-chips').textContent = say('chips');
  $('st-bought').textContent = say('bought');
  $('st-net').textContent = say('net');
  $('amount-label').textContent = say('amount');
  $('amount-less').textContent = '−';
  $('amount-less').setAttribute('aria-label', say('less'));
  $('amount-more').textContent = '+';
  $('amount-more').setAttribute('aria-label', say('more'));
  $('amount-half').textContent = say('half_pot');
  $('amount-pot').textContent = say('pot_size');
  $('amount-all').textContent = say('all_in_button');
  $('amount-cancel').textContent = say('cancel');
  $('boxes-title').textContent = say('your_boxes');

  // ---------------------------------------------------------------- the connection
  function status(key, values) {
    $('status').textContent = key ? say(key, values) : '';
  }

  // connected to the table now (a decision can be sent)
  const online = () => !!ws && ws.readyState === WebSocket.OPEN;

  // a socket refused before it opened: the page's own address answers 404 when the table no longer
  // knows this seat's code (the laptop started again: new codes); then the page says so and stops trying
  function checkGone() {
    fetch(location.href, { cache: 'no-store', credentials: 'omit' }).then((answer) => {
      if (answer.status === 404 && !ended && !online()) {
        ended = true;
        view = null;
        amount = null;
        status('bye_gone');
        render();
      }
    }, () => { /* the laptop is not answering at all: go on trying */ });
  }

  function connect() {
    if (ended || ws) return;
    status(retry ? 'reconnecting' : 'connecting');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(scheme + '//' + location.host + '/ws/' + secret);
    let opened = false;
    ws = socket;
    socket.onopen = () => { opened = true; socket.send(JSON.stringify({ t: 'hello', device: device })); };
    socket.onmessage = (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      receive(msg);
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      pending = null;
      if (!ended) {
        retry += 1;
        status('reconnecting');
        render();
        if (!opened) checkGone();
        setTimeout(connect, Math.min(500 * retry, 5000));
      }
    };
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !ws && !ended) { retry = Math.max(retry, 1); connect(); }
  });

  function receive(msg) {
    switch (msg.t) {
      case 'welcome':
        device = msg.device;
        try { localStorage.setItem(storeKey, device); } catch (e) { /* a private window: a reload asks again */ }
        retry = 0;
        status('');
        break;
      case 'wait':
        status(msg.laptop ? 'wait_laptop' : 'wait'); // (no phone holds a seat played at the laptop)
        break;
      case 'state':
        if (!view || !msg.view || view.deal !== msg.view.deal || view.to_act !== msg.view.to_act) foldAsked = false;
        if (judged !== null && msg.view) {
          const turn = msg.view.to_act === msg.view.seat && !!msg.view.legal;
          // (Three Card Poker: the seat's next box to play or fold, come up where the last box's buttons were)
          const next = judged.box !== undefined ? msg.view.phase === 'deciding' && !!msg.view.legal && msg.view.legal.box !== judged.box
            : msg.view.phase !== judged.phase;
          again = turn && msg.view.deal === judged.deal && next;
          judged = null;
        } else if (again && !(msg.view && msg.view.to_act === msg.view.seat && msg.view.legal)) again = false;
        view = msg.view;
        news = msg;
        break;
      case 'answer':
        if (msg.id === pending) {
          pending = null;
          judged = msg.ok ? decidedIn : null; // the state that follows is the one after this decision
          decidedIn = null;
          message = msg.ok ? '' : say('refused', { reason: msg.reason });
        }
        break;
      case 'bye':
        ended = true;
        status('bye_' + msg.reason);
        view = msg.reason === 'closed' ? view : null;
        amount = null;
        break;
      default:
        return;
    }
    render();
  }

  function decide(action, amountTo, cards, more) {
    if (!ws || ws.readyState !== WebSocket.OPEN || pending !== null) return;
    pending = nextId++;
    const part = view && !isTcp() && (view.phase === 'betting' || view.phase === 'exchange');
    const box = view && isTcp() && view.phase === 'deciding' && view.legal ? view.legal.box : null;
    decidedIn = part ? { deal: view.deal, phase: view.phase } : box !== null ? { deal: view.deal, phase: view.phase, box: box } : null;
    again = false;
    message = '';
    foldAsked = false;
    ws.send(JSON.stringify(Object.assign({ t: 'decide', id: pending, action: action, amount: amountTo, cards: cards }, more || {})));
    amount = null;
    render();
  }

  // ---------------------------------------------------------------- cards
  function cardName(text) {
    if (text === 'Jk') return say('joker');
    return say('card', { rank: say('rank_' + text[0]), suit: say(SUITS[text[1]][1]) });
  }

  function cardNode(text, tag) {
    const node = el(tag || 'span', 'card');
    if (text === 'Jk') {
      node.classList.add('joker');
      node.appendChild(el('span', 'rank', say('joker')));
    } else {
      const rank = text[0] === 'T' ? '10' : text[0];
      node.appendChild(el('span', 'rank', rank));
      node.appendChild(el('span', 'suit', SUITS[text[1]][0]));
      if (text[1] === 'h' || text[1] === 'd') node.classList.add('red');
    }
    node.setAttribute('aria-label', cardName(text));
    return node;
  }

  const short = (cards) => cards.map((c) => (c === 'Jk' ? say('joker') : (c[0] === 'T' ? '10' : c[0]) + SUITS[c[1]][0])).join(' ');

  // ---------------------------------------------------------------- drawing the page
  // (a table that closed offers nothing more: its last view stays in sight, nobody's turn)
  function mine() { return !ended && view && view.to_act === view.seat && view.legal; }
  // the computer plays this seat now (the table's news: the laptop marks it "computer")
  const computer = (seat) => !!news.computers && news.computers.indexOf(seat) >= 0;
  function isTcp() { return !!view && view.game === TCP; }
  // where no bet is allowed, whether it is the bank's doing (as BetLimits.bank_refuses_smallest says)
  function bankRefuses(lim) {
    let smallest = lim.ante_min * (1 + lim.play_multiple);
    if (lim.pair_plus_alone && lim.pair_plus_max) smallest = Math.min(smallest, 1);
    return lim.bank_can_cover !== null && lim.boxes > 0 && lim.stack >= smallest;
  }
  const signed = (n) => (n > 0 ? '+' : '') + String(n);

  function render() {
    const focused = document.activeElement && document.activeElement.id; // a tap keeps its place on the page
    renderHand();
    renderBoxes();
    renderActions();
    if (mine() && !online() && pending === null) $('help').textContent = say('offline_turn');
    renderCoach();
    renderTable();
    renderNews();
    if (focused && document.activeElement !== $(focused) && $(focused) && !$(focused).disabled) $(focused).focus();
  }

  function renderHand() {
    const box = $('cards');
    box.replaceChildren();
    $('hand').hidden = !view || isTcp(); // (no view: the table let the phone go; no cards to head)
    if (!view) return;
    // the player's own name: kept when the seat's is gone (they left: the table as it is now has the seat empty)
    const me = view.seats[view.seat];
    if (me.name) myName = me.name;
    $('me').textContent = say('you', { name: myName });
    $('game-title').textContent = view.title;
    if (isTcp()) return;
    const key = [view.deal, view.phase, view.cards.join(' '), view.legal && view.legal.exchange ? view.legal.exchange.which : ''].join('|');
    if (key !== handKey) { handKey = key; selected = new Set(); }
    const exchanging = mine() && view.legal.exchange && pending === null && !again;
    for (const text of view.cards) {
      if (exchanging) {
        const button = cardNode(text, 'button');
        button.type = 'button';
        button.setAttribute('aria-pressed', selected.has(text) ? 'true' : 'false');
        button.addEventListener('click', () => toggle(text));
        box.appendChild(button);
      } else {
        box.appendChild(cardNode(text, 'span'));
      }
    }
  }

  function toggle(text) {
    const most = view.legal.exchange.max;
    if (selected.has(text)) {
      selected.delete(text);
      message = '';
    } else if (selected.size >= most) {
      message = say('too_many', { n: most });
    } else {
      selected.add(text);
      message = '';
    }
    render();
  }

  function button(text, cls, onClick) {
    const node = el('button', cls, text);
    node.type = 'button';
    node.disabled = pending !== null || !online(); // a tap while the connection is down would be lost
    node.addEventListener('click', onClick);
    return node;
  }

  function renderActions() {
    const box = $('actions');
    box.replaceChildren();
    $('why-not').replaceChildren();
    $('message').textContent = message;
    const turn = $('turn');
    turn.className = '';
    $('help').textContent = '';
    if (!view || ended) { turn.textContent = ''; $('amount').hidden = true; renderTcpActions(null); return; }
    if (news.asking && news.asking.seat === view.seat) { renderRebuy(news.asking.amount); return; }
    if (computer(view.seat) && !view.legal) {
      turn.textContent = say('computer_plays'); // (taken over while its player is away: the seat's cards stay here)
    } else if (news.paused && news.notice && !mine()) {
      turn.textContent = news.notice; // the laptop plays nothing now, and says why (the one deciding here still may)
    } else if (view.to_act === view.seat && !view.legal && news.notice) {
      turn.textContent = news.notice; // this seat is next, but the laptop is not waiting for it now (its menu, a screen)
    } else if (view.to_act === view.seat) {
      turn.textContent = say('your_turn');
      turn.className = 'mine';
    } else if (view.to_act !== null && view.to_act !== undefined) {
      const name = view.seats[view.to_act].name;
      // dealer's choice between deals: the dealer picks once the laptop goes on (Enter after the deal), so the
      // table's own line says what it waits for now; while the dealer picks, it says who and where
      if (view.phase === 'choose_game') turn.textContent = news.notice || say('choosing', { name: name });
      else turn.textContent = say('waiting_for', { name: name });
    } else {
      turn.textContent = news.notice || '';
    }
    if (pending !== null) $('help').textContent = say('sending');
    const legal = mine() ? view.legal : null;
    if (legal && again) { // "your turn again": one step of its own before the next part's buttons
      turn.textContent = say('your_turn_again');
      $('help').textContent = isTcp() ? say('again_box_help') : say('again_help');
      renderTcpActions(null);
      box.appendChild(button(say('go_on'), 'primary wide', () => { again = false; render(); }));
      amount = null;
      $('amount').hidden = true;
      return;
    }
    renderTcpActions(legal);
    if (isTcp() || !legal) { amount = null; $('amount').hidden = true; return; }
    if (legal.choose) {
      if (pending === null) $('help').textContent = say('choose_help');
      for (const game of legal.choose) {
        const node = button(game.title, 'wide', () => decide('choose', null, null, { game: game.name }));
        node.setAttribute('aria-label', say('choose_label', { title: game.title }));
        box.appendChild(node);
      }
      amount = null;
      $('amount').hidden = true;
      return;
    }
    // why an action the player may look for is not here, as the laptop says it: the table's reminder
    // ("Jacks or better to open") and the engine's reason for each action the rules take away now
    if (legal.to_open && pending === null) $('help').textContent = legal.to_open;
    for (const why of legal.why_not || []) $('why-not').appendChild(el('p', 'dim', why));
    if (legal.exchange) {
      const ex = legal.exchange;
      const help = ex.plain < ex.max ? say('exchange_help_ace', { n: ex.plain, m: ex.max }) : say('exchange_help', { n: ex.max });
      $('help').textContent = pending !== null ? say('sending') : (ex.of > 1 ? say('exchange_which', ex) + '. ' : '') + help;
      const thrown = view.cards.filter((c) => selected.has(c));
      const label = thrown.length ? say('exchange', { n: thrown.length }) : say('stand_pat');
      box.appendChild(button(label, 'primary wide', () => decide('exchange', null, thrown)));
    }
    for (const option of legal.actions) {
      const act = option.action;
      if (act === 'exchange') continue;
      let label;
      let cls = '';
      let onClick = () => decide(act, null, null);
      if (act === 'fold') {
        cls = 'danger';
        const free = legal.actions.some((o) => o.action === 'check');
        label = free && foldAsked ? say('fold_anyway') : say('fold');
        if (free && !foldAsked) {
          // as at the laptop: a fold when checking is free is asked once
          onClick = () => { foldAsked = true; message = say('fold_free'); render(); };
        }
      }
      else if (act === 'check') label = say('check');
      else if (act === 'call') label = say(option.all_in ? 'call_all_in' : 'call', { n: option.amount });
      else if (act === 'show') { label = say('show'); cls = 'primary'; }
      else if (act === 'muck') label = say('muck');
      else if (act === 'bet' || act === 'raise') {
        if (legal.range) {
          label = say(act + '_choose');
          onClick = () => openAmount(act);
        } else {
          label = say(option.all_in ? (act === 'bet' ? 'bet_all_in' : 'raise_all_in') : act, { n: option.to });
          onClick = () => decide(act, option.to, null);
        }
        cls = 'primary';
      } else label = act;
      box.appendChild(button(label, cls, onClick));
    }
    renderAmount(legal);
  }

  // out of chips, the house asks (when_broke: ask): buy again, or leave the table with nothing
  function renderRebuy(n) {
    const turn = $('turn');
    turn.textContent = say('broke_ask', { n: n });
    turn.className = 'mine';
    if (pending !== null) $('help').textContent = say('sending');
    amount = null;
    $('amount').hidden = true;
    renderTcpActions(null);
    const box = $('actions');
    box.appendChild(button(say('rebuy', { n: n }), 'primary wide', () => decide('rebuy', null, null)));
    box.appendChild(button(say('decline'), 'danger wide', () => decide('decline', null, null)));
  }

  // ---------------------------------------------------------------- Three Card Poker: the boxes, the bets, play or fold
  const myBoxes = () => view.boxes.map((b, i) => [b, i]).filter((pair) => pair[0].seat === view.seat);
  const boxNumber = (index) => myBoxes().findIndex((pair) => pair[1] === index) + 1;

  function boxSummary(b, withCards, withNet) {
    const parts = [];
    BETS.forEach((bet) => { if (b[bet]) parts.push(say('box_' + bet, { n: b[bet] })); });
    if (b.play) parts.push(say('box_plays', { n: b.play }));
    else if (b.folded) parts.push(say('box_folded'));
    if (withCards && b.cards.length) parts.push(short(b.cards));
    if (withNet && b.result) parts.push(signed(b.result.reduce((a, n) => a + n, 0)));
    return parts.join(' · ');
  }

  function resultText(result) {
    const net = result.reduce((a, n) => a + n, 0);
    const parts = RESULT.map((bet, i) => (result[i] ? say('col_' + bet) + ' ' + signed(result[i]) : '')).filter((x) => x);
    return say('box_result', { net: signed(net) }) + (parts.length ? ' (' + parts.join(', ') + ')' : '');
  }

  function renderBoxes() {
    const list = $('box-list');
    list.replaceChildren();
    $('boxes').hidden = !isTcp();
    if (!isTcp()) return;
    const boxes = myBoxes();
    if (!boxes.length) { list.appendChild(el('p', 'dim', say('no_boxes'))); return; }
    boxes.forEach((pair, k) => {
      const b = pair[0];
      const item = el('article', 'box');
      if (mine() && view.legal.box === pair[1]) { item.classList.add('deciding'); item.setAttribute('aria-current', 'true'); }
      if (b.folded) item.classList.add('folded');
      item.appendChild(el('h3', '', say('box', { n: k + 1 })));
      if (b.cards.length) {
        const cards = el('div', 'cards three');
        cards.setAttribute('role', 'group');
        cards.setAttribute('aria-label', say('box', { n: k + 1 }));
        for (const text of b.cards) cards.appendChild(cardNode(text, 'span'));
        item.appendChild(cards);
      } else {
        item.appendChild(el('p', 'dim', say('not_dealt')));
      }
      item.appendChild(el('p', 'bets', boxSummary(b, false, false)));
      if (b.result) {
        const net = b.result.reduce((a, n) => a + n, 0);
        item.appendChild(el('p', 'net' + (net > 0 ? ' won' : ''), resultText(b.result)));
      }
      list.appendChild(item);
    });
  }

  const betMost = (lim, i) => [lim.ante_max, lim.pair_plus_max, lim.prime_max, lim.six_card_max][i];
  const betOffered = (lim, i) => i === 0 || betMost(lim, i) > 0;

  function clampSlip(slip, lim) {
    return slip.map((v, i) => {
      if (!betOffered(lim, i)) return 0;
      if (i === 0) return v === 0 && lim.pair_plus_alone ? 0 : Math.max(lim.ante_min, Math.min(lim.ante_max, v));
      return Math.max(0, Math.min(betMost(lim, i), v));
    });
  }

  function stepBet(k, i, delta) {
    const lim = view.legal.limits;
    let v = slips[k][i] + delta;
    if (i === 0 && v < lim.ante_min) v = delta < 0 && lim.pair_plus_alone ? 0 : lim.ante_min;
    const low = i === 0 && !lim.pair_plus_alone ? lim.ante_min : 0;
    const was = slips[k][i];
    slips[k][i] = Math.max(low, Math.min(betMost(lim, i), v));
    // a tap that changes nothing says why, as the laptop's arrow key does ("Pair Plus: from 0 to 10.")
    message = slips[k][i] === was ? say('bet_range', { bet: say(BETS[i]), low: low, high: betMost(lim, i) }) : '';
    render();
  }

  function renderTcpActions(legal) {
    const slipBox = $('slips');
    const hint = $('hint-text');
    slipBox.replaceChildren();
    slipBox.hidden = true;
    hint.hidden = true;
    if (!isTcp() || ended) return;
    const box = $('actions');
    if (view.dealer === view.seat && (view.phase === 'betting' || view.phase === 'deciding') && pending === null) {
      $('help').textContent = say('you_deal');
    }
    if (!legal) { slips = null; return; }
    if (legal.limits) renderSlips(legal, slipBox, box);
    else if (legal.box !== null) renderDecision(legal, box, hint);
  }

  function renderSlips(legal, slipBox, box) {
    const lim = legal.limits;
    const key = view.deal + '|' + view.seat;
    if (key !== slipKey || !slips) {
      slipKey = key;
      const start = lastSlips && lastSlips.length ? lastSlips : [[lim.ante_min, 0, 0, 0]];
      slips = start.slice(0, Math.max(1, lim.boxes)).map((slip) => clampSlip(slip.slice(), lim));
    }
    if (legal.actions.indexOf('place') < 0) {
      if (pending === null) $('help').textContent = say(bankRefuses(lim) ? 'cannot_cover_bank' : 'cannot_cover');
      box.appendChild(button(say('sit_out'), 'primary wide', () => decide('place', null, null, { boxes: [] })));
      return;
    }
    slipBox.hidden = false;
    slips.forEach((slip, k) => {
      const set = el('fieldset', 'slip');
      set.appendChild(el('legend', '', say('box', { n: k + 1 })));
      BETS.forEach((bet, i) => {
        if (!betOffered(lim, i)) return;
        const row = el('div', 'bet-row');
        const name = say(bet);
        const value = el('output', 'bet-value', String(slip[i]));
        value.id = 'bet-' + k + '-' + bet;
        row.appendChild(el('span', 'bet-name', name));
        const less = button('−', 'step', () => stepBet(k, i, -1));
        less.id = 'bet-' + k + '-' + bet + '-less';
        less.setAttribute('aria-label', say('less_bet', { bet: name, n: k + 1 }));
        less.setAttribute('aria-controls', value.id);
        const more = button('+', 'step', () => stepBet(k, i, 1));
        more.id = 'bet-' + k + '-' + bet + '-more';
        more.setAttribute('aria-label', say('more_bet', { bet: name, n: k + 1 }));
        more.setAttribute('aria-controls', value.id);
        row.appendChild(less);
        row.appendChild(value);
        row.appendChild(more);
        set.appendChild(row);
      });
      if (slips.length > 1) {
        const remove = button(say('remove_box', { n: k + 1 }), 'danger', () => { slips.splice(k, 1); render(); });
        remove.id = 'box-' + k + '-remove';
        set.appendChild(remove);
      }
      slipBox.appendChild(set);
    });
    if (slips.length < lim.boxes) {
      const add = button(say('add_box'), '', () => { slips.push(clampSlip([lim.ante_min, 0, 0, 0], lim)); render(); });
      add.id = 'box-add';
      slipBox.appendChild(add);
    }
    const now = slips.reduce((a, slip) => a + slip.reduce((x, y) => x + y, 0), 0);
    const need = now + slips.reduce((a, slip) => a + slip[0] * lim.play_multiple, 0);
    if (pending === null) $('help').textContent = need > now ? say('slip_need', { n: need, stack: lim.stack }) : '';
    box.appendChild(button(say('place', { n: now }), 'primary', () => {
      lastSlips = slips.map((slip) => slip.slice());
      decide('place', null, null, { boxes: slips });
    }));
    box.appendChild(button(say('sit_out'), '', () => decide('place', null, null, { boxes: [] })));
  }

  function renderDecision(legal, box, hint) {
    const key = view.deal + '|' + legal.box;
    if (key !== hintKey) { hintKey = key; hintShown = false; }
    if (pending === null) $('help').textContent = say('decide_help', { n: boxNumber(legal.box) });
    // one a row: their words are long in some languages
    box.appendChild(button(say('play', { n: legal.play_amount }), 'primary wide', () => decide('play', null, null)));
    box.appendChild(button(say('fold_box'), 'danger wide', () => decide('fold', null, null)));
    if (view.hint) {
      const toggle = button(say('hint'), 'wide', () => { hintShown = !hintShown; render(); });
      toggle.id = 'hint-toggle';
      toggle.setAttribute('aria-pressed', hintShown ? 'true' : 'false');
      toggle.setAttribute('aria-controls', 'hint-text');
      box.appendChild(toggle);
      if (hintShown) {
        hint.hidden = false;
        hint.textContent = say('hint_' + view.hint);
      }
    }
  }

  // ---------------------------------------------------------------- the amount entry (pot and no limit)
  function openAmount(action) {
    const r = view.legal.range;
    amount = { action: action, value: r.min_to };
    render();
    $('amount-value').focus();
  }

  const clamp = (n, r) => Math.max(r.min_to, Math.min(r.max_to, n));

  function renderAmount(legal) {
    const box = $('amount');
    if (!amount || !legal.range || !legal.actions.some((o) => o.action === amount.action)) {
      amount = null;
      box.hidden = true;
      return;
    }
    const r = legal.range;
    box.hidden = false;
    const input = $('amount-value');
    input.min = String(r.min_to);
    input.max = String(r.max_to);
    input.step = String(r.step || 1);
    if (String(amount.value) !== input.value) input.value = String(amount.value);
    $('amount-range').textContent = say('amount_range', { low: r.min_to, high: r.max_to });
    $('amount-confirm').textContent = confirmLabel(r);
    for (const id of ['amount-less', 'amount-more', 'amount-half', 'amount-pot', 'amount-all', 'amount-confirm', 'amount-cancel']) {
      $(id).disabled = pending !== null || !online();
    }
  }

  // the amount entry's button: the bet or raise, and whether it puts every chip in (as the laptop's entry says)
  function confirmLabel(r) {
    const all = amount.value === r.all_in_to;
    const bet = amount.action === 'bet';
    return say(bet ? (all ? 'bet_all_in' : 'confirm_bet') : (all ? 'raise_all_in' : 'confirm_raise'), { n: amount.value });
  }

  function setAmount(n) {
    if (!amount) return;
    amount.value = n;
    render();
  }

  $('amount-value').addEventListener('input', () => {
    if (!amount) return;
    const n = parseInt($('amount-value').value, 10);
    amount.value = Number.isFinite(n) ? n : view.legal.range.min_to; // an empty field: the smallest, as at the laptop
    $('amount-confirm').textContent = confirmLabel(view.legal.range);
  });
  $('amount-less').addEventListener('click', () => { const r = view.legal.range; setAmount(clamp(amount.value - (r.step || 1), r)); });
  $('amount-more').addEventListener('click', () => { const r = view.legal.range; setAmount(clamp(amount.value + (r.step || 1), r)); });
  $('amount-half').addEventListener('click', () => { const r = view.legal.range; setAmount(clamp(r.half_pot_to, r)); });
  $('amount-pot').addEventListener('click', () => { const r = view.legal.range; setAmount(clamp(r.pot_to, r)); });
  $('amount-all').addEventListener('click', () => { const r = view.legal.range; setAmount(clamp(r.all_in_to, r)); });
  $('amount-cancel').addEventListener('click', () => { amount = null; render(); });
  $('amount-confirm').addEventListener('click', () => { if (amount) decide(amount.action, amount.value, null); });

  // ---------------------------------------------------------------- the coach, the table, the news
  function renderCoach() {
    const section = $('coach');
    const list = $('coach-list');
    list.replaceChildren();
    const coach = mine() ? view.coach : null;
    section.hidden = !coach;
    if (!coach) return;
    coach.choices.forEach((choice, i) => {
      // (throwing every card keeps nothing: "Keep nothing, draw 5", as the laptop's "nothing +5")
      const kept = choice.keep.length ? short(choice.keep) : say('nothing');
      const what = choice.discard.length ? say('coach_keep', { cards: kept, n: choice.discard.length }) : say('coach_pat');
      // both numbers, as the laptop's H: the chance to win marks the best, the chance to improve beside it
      const item = el('li', i === coach.best ? 'best' : '', what + (i === coach.best ? ' (' + say('coach_best') + ')' : ''));
      const odds = say('coach_wins', { p: percent(choice.wins) }) + ' · ' + say('coach_better', { p: percent(choice.better) });
      item.appendChild(el('span', 'odds', odds));
      list.appendChild(item);
    });
    $('coach-note').textContent = coach.opponents > 1 ? say('coach_against', { n: coach.opponents }) : say('coach_against_one');
  }

  // a chance in percent with one decimal, as the laptop writes it (Norwegian 28,7; <0,1 and 100 at the ends)
  function percent(p) {
    if (p > 0 && p < 0.001) return '<0' + say('decimal') + '1';
    if (p >= 0.9995) return '100';
    return (100 * p).toFixed(1).replace('.', say('decimal'));
  }

  function renderTable() {
    const list = $('seats');
    list.replaceChildren();
    $('dealer-line').hidden = true;
    $('table').hidden = !view; // (the table let the phone go: no table to head)
    if (!view) { $('pot').textContent = ''; return; }
    if (isTcp()) { renderTcpTable(list); return; }
    // while the dealer picks the next deal's game (and before the first deal) that deal has no pot yet: what
    // the table waits for, as the laptop says it (a pot carried from a passed-out deal is redealt: nobody picks)
    const choosing = view.phase === 'choose_game' && (view.deal === 0 || (news.choosing !== null && news.choosing !== undefined));
    if (choosing) {
      const picks = say('deals_choice', { name: view.seats[view.to_act].name });
      $('pot').textContent = view.pot > 0 ? picks + ' · ' + say('pot', { n: view.pot }) : picks;
    } else if (view.deal > 0) $('pot').textContent = say('deal', { n: view.deal }) + ' · ' + say('pot', { n: view.pot });
    else $('pot').textContent = '';
    view.seats.forEach((seat, i) => {
      const item = el('li');
      if (!seat.name) { // a seat left empty (someone went home): as the laptop says it
        item.classList.add('folded');
        item.appendChild(el('span', 'name', say('empty_seat')));
        list.appendChild(item);
        return;
      }
      if (i === view.to_act) { item.classList.add('to-act'); item.setAttribute('aria-current', 'true'); }
      // as the laptop's table says them: sitting out a while ("away"), or not dealt in while a deal is played
      const notDealt = !seat.in_deal && ['betting', 'exchange', 'showdown'].indexOf(view.phase) >= 0;
      if (seat.folded || seat.out || seat.away || notDealt) item.classList.add('folded');
      if (i === view.seat) item.classList.add('me');
      item.appendChild(el('span', 'name', seat.name + (i === view.button ? ' (' + say('button') + ')' : '')));
      item.appendChild(el('span', '', say('stack', { n: seat.stack })));
      if (seat.bet) item.appendChild(el('span', '', say('bet_here', { n: seat.bet })));
      const notes = [];
      if (seat.blind) notes.push(say(seat.blind === 'small' ? 'small_blind' : 'big_blind'));
      if (seat.checked && !seat.bet) notes.push(say('checked')); // (a bet since is said instead, as the laptop)
      if (computer(i)) notes.push(say('computer'));
      if (seat.out) notes.push(say('out'));
      else if (seat.away) notes.push(say('away'));
      else if (notDealt) notes.push(say('not_in_deal'));
      else if (seat.folded) notes.push(say('folded'));
      else if (seat.all_in) notes.push(say('all_in'));
      if (seat.drew !== null && seat.drew !== undefined) notes.push(seat.drew ? say('drew', { n: seat.drew }) : say('stood_pat'));
      if (seat.mucked) notes.push(say('mucked'));
      if (notes.length) item.appendChild(el('span', '', notes.join(', ')));
      if (seat.shown) item.appendChild(el('span', 'shown', short(seat.shown)));
      list.appendChild(item);
    });
  }

  function renderTcpTable(list) {
    const amount = view.bank === null ? say('unlimited') : String(view.bank);
    // (the dealer of the round just played who has left since: named, as the laptop names them, and no seat marked)
    const left = view.dealer_left;
    const bank = view.dealer === null ? say('bank_house', { amount: amount })
      : say('bank_dealer', { name: left || view.seats[view.dealer].name, amount: amount });
    $('pot').textContent = say('round', { n: view.deal }) + ' · ' + bank;
    if (view.dealer_cards.length) {
      const line = $('dealer-line');
      line.hidden = false;
      line.textContent = say('dealer_shows') + short(view.dealer_cards) + ' · ' + say(view.qualifies ? 'qualifies' : 'not_qualifies');
    }
    view.seats.forEach((seat, i) => {
      const item = el('li');
      if (!seat.name) {
        item.classList.add('folded');
        item.appendChild(el('span', 'name', say('empty_seat')));
        list.appendChild(item);
        return;
      }
      if (i === view.to_act) { item.classList.add('to-act'); item.setAttribute('aria-current', 'true'); }
      if (seat.out || seat.away) item.classList.add('folded');
      if (i === view.seat) item.classList.add('me');
      item.appendChild(el('span', 'name', seat.name + (i === view.dealer && !left ? ' (' + say('button') + ')' : '')));
      item.appendChild(el('span', '', say('stack', { n: seat.stack })));
      if (computer(i)) item.appendChild(el('span', '', say('computer')));
      // as the laptop's table says them: out of chips for the rest of the session, away a while, no bet this round
      if (seat.out) item.appendChild(el('span', '', say('out')));
      else if (seat.away) item.appendChild(el('span', '', say('away')));
      else if (seat.out_this_round) item.appendChild(el('span', '', say('out_round')));
      const boxes = view.boxes.filter((b) => b.seat === i);
      boxes.forEach((b, k) => {
        const text = (boxes.length > 1 ? say('box', { n: k + 1 }) + ': ' : '') + boxSummary(b, i !== view.seat, true);
        item.appendChild(el('span', 'box-line', text));
      });
      list.appendChild(item);
    });
  }

  function renderNews() {
    const result = news.result;
    if (view) rounds = isTcp(); // (kept when the table says bye and the view goes)
    $('result-title').textContent = say(rounds ? 'result_round' : 'result');
    $('result').hidden = !(result && result.length);
    const lines = $('result-lines');
    lines.replaceChildren();
    for (const line of result || []) lines.appendChild(el('p', '', line));
    const standings = news.standings;
    $('standings').hidden = !(standings && standings.length);
    // while a deal is played they are as it began (the table above shows the chips now), as the heading says
    $('standings-title').textContent = say(news.standings_before ? (rounds ? 'standings_before_round' : 'standings_before') : 'standings');
    const rows = $('standings-rows');
    rows.replaceChildren();
    for (const row of standings || []) { // the laptop's rows: best first, "Bought" after first sitting down
      const tr = el('tr');
      tr.appendChild(el('td', '', row.name));
      tr.appendChild(el('td', 'num', String(row.chips)));
      tr.appendChild(el('td', 'num', row.bought ? String(row.bought) : '-'));
      tr.appendChild(el('td', 'num', (row.net >= 0 ? '+' : '') + String(row.net))); // (+0, as the laptop)
      rows.appendChild(tr);
    }
    const notes = $('standings-notes');
    notes.replaceChildren();
    for (const line of news.standings_notes || []) notes.appendChild(el('p', 'dim', line));
    const log = $('log-lines');
    log.replaceChildren();
    for (const line of (news.log || []).slice(-12)) log.appendChild(el('li', '', line));
    $('log').hidden = !log.childElementCount; // nothing has happened yet: no heading over nothing
    $('seal').textContent = news.seal ? say('seal', { seal: news.seal }) : '';
  }

  render();
  connect();
})();
