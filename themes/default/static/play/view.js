// The practice board's view: the section's controls, the grid of cells and
// the buttons, and drawing a state on them. It keeps no game of its own:
// board.js (the controller) holds the state and calls build, layout and
// render; the family's module (named by the section's data-board) names
// the squares and paints the pieces.

export function el(tag, attrs, text) {
  var node = document.createElement(tag);
  for (var k in attrs) node.setAttribute(k, attrs[k]);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, function (m, name) {
    return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : m;
  });
}

// The AI's levels, weakest first, as the page's data gives them (the one
// level table, with the longest each may think).
function levels(board) {
  return board.data.levels || [{ name: 'normal', reply_ms: 1500 }];
}

// A level's name, saying how long it may think.
export function levelName(board, level) {
  return fill(board.s['play-level-' + level.name] || level.name, { seconds: Math.ceil(level.reply_ms / 1000) });
}

// A square's name by column letter and row number (a1 at the bottom left).
export function coordinate(board, cell) {
  var row = Math.floor(cell / board.cols);
  var col = cell % board.cols;
  return String.fromCharCode(97 + col) + (board.rows - row);
}

// Builds the section's body; the controller's actions are its methods.
export function build(board) {
  var s = board.s;
  var root = el('div', { class: 'play-body' });
  board.intro = root.appendChild(el('p', {}, s['play-intro']));
  board.heading = board.section.querySelector('h2');
  board.practiceHeading = board.heading ? board.heading.textContent : '';

  var controls = el('div', { class: 'play-controls' });
  var sideLabel = el('label', {}, s['play-you-play'] + ' ');
  board.sideSelect = el('select', { name: 'side' });
  board.sides.forEach(function (side) {
    var option = el('option', { value: side }, board.sideName(side));
    if (side === board.human) option.selected = true;
    board.sideSelect.appendChild(option);
  });
  sideLabel.appendChild(board.sideSelect);
  var levelLabel = el('label', {}, s['play-level'] + ' ');
  board.levelSelect = el('select', { name: 'level' });
  levels(board).forEach(function (level) {
    var option = el('option', { value: level.name }, levelName(board, level));
    if (level.name === board.level) option.selected = true;
    board.levelSelect.appendChild(option);
  });
  levelLabel.appendChild(board.levelSelect);
  controls.appendChild(sideLabel);
  controls.appendChild(levelLabel);
  board.controls = controls;
  board.sideSelect.addEventListener('change', function () { board.human = board.sideSelect.value; board.newGame(); });
  board.levelSelect.addEventListener('change', function () { board.level = board.levelSelect.value; board.save(); });
  root.appendChild(controls);

  board.grid = el('div', {
    class: 'play-board',
    role: 'grid',
    'aria-label': fill(s['play-board-label'], { rows: board.rows, cols: board.cols }),
    style: 'grid-template-columns: repeat(' + board.cols + ', 1fr)',
  });
  board.cells = [];
  for (var i = 0; i < board.rows * board.cols; i++) {
    var cell = el('div', { role: 'gridcell', class: 'play-cell', tabindex: '-1', 'data-square': board.squareName(i) });
    if (board.special[i]) cell.classList.add('play-' + board.special[i]);
    cell.addEventListener('click', board.onCell.bind(board, i));
    board.cells.push(cell);
  }
  board.grid.addEventListener('keydown', board.onKey.bind(board));
  // The board framed by its coordinates, letters below and numbers at the
  // left as on the diagrams (a1 at the bottom left); they turn with the
  // board. The cells say their own names, so a screen reader skips these.
  var frame = el('div', { class: 'play-frame' });
  board.ranks = el('div', { class: 'play-ranks', 'aria-hidden': 'true', style: 'grid-template-rows: repeat(' + board.rows + ', 1fr)' });
  board.files = el('div', { class: 'play-files', 'aria-hidden': 'true', style: 'grid-template-columns: repeat(' + board.cols + ', 1fr)' });
  frame.appendChild(board.ranks);
  frame.appendChild(board.grid);
  frame.appendChild(el('span', {}));
  frame.appendChild(board.files);
  root.appendChild(frame);
  root.appendChild(el('p', { class: 'play-help' }, s['play-keyboard-help']));

  board.status = el('p', { class: 'play-status', role: 'status', 'aria-live': 'polite' });
  root.appendChild(board.status);
  // How long the AI has thought against the most its level may take.
  board.progress = el('progress', { class: 'play-progress', max: '1', value: '0', 'aria-label': s['play-thinking'], hidden: '' });
  root.appendChild(board.progress);

  var buttons = el('div', { class: 'play-buttons' });
  function button(label, action) {
    var b = el('button', { type: 'button' }, label);
    b.addEventListener('click', action);
    buttons.appendChild(b);
    return b;
  }
  board.newButton = button(s['play-new-game'], function () { board.newGame(); });
  board.undoButton = button(s['play-undo'], function () { board.undo(); });
  board.hintButton = button(s['play-hint'], function () { board.askHint(); });
  button(s['play-flip'], function () { board.flipped = !board.flipped; layout(board); board.render(); });
  board.copyButton = button(s['play-copy'], function () { board.copy(); });
  if (board.roomServer) {
    board.inviteButton = button(s['play-room-invite'], function () { board.invite(); });
    board.inviteButton.classList.add('play-invite');
    board.rematchButton = button(s['play-room-rematch'], function () { board.rematch(); });
    board.rematchButton.hidden = true;
    board.leaveButton = button(s['play-room-leave'], function () { board.leave(); });
    board.leaveButton.hidden = true;
  }
  root.appendChild(buttons);
  buildMoveList(board, root);
  board.recordBox = el('textarea', { class: 'play-record', readonly: '', rows: '6', hidden: '', 'aria-label': s['play-copy'] });
  root.appendChild(board.recordBox);
  board.section.appendChild(root);
  layout(board);
  return { root: root, buttons: buttons };
}

// The game's moves, a list item a move pair, each move a button that
// shows the position after it; ←/→, Home and End step through them.
function buildMoveList(board, root) {
  var box = el('div', { class: 'play-moves', role: 'group', 'aria-label': board.s['play-moves'] });
  box.appendChild(el('h3', { class: 'play-moves-heading', 'aria-hidden': 'true' }, board.s['play-moves']));
  board.moveList = box.appendChild(el('ol', {}));
  board.moveButtons = [];
  box.addEventListener('keydown', function (event) {
    var keys = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (!(event.key in keys)) return;
    event.preventDefault();
    board.view(board.shownPly() + keys[event.key]);
    var button = board.moveButtons[board.shownPly() - 1];
    if (button) button.focus();
  });
  root.appendChild(box);
}

// Brings the list in line with the game: buttons added or taken away
// from the first move that differs, and the shown move marked.
function renderMoveList(board) {
  var line = board.line;
  var buttons = board.moveButtons;
  var keep = 0;
  while (keep < buttons.length && keep < line.length && buttons[keep].textContent === line[keep].name) keep++;
  while (buttons.length > keep) {
    var gone = buttons.pop();
    var item = gone.parentNode;
    item.removeChild(gone);
    if (!item.firstChild) item.parentNode.removeChild(item);
  }
  for (var i = keep; i < line.length; i++) {
    var item = i % 2 === 0 ? board.moveList.appendChild(el('li', {})) : board.moveList.lastChild;
    var button = item.appendChild(el('button', { type: 'button', class: 'play-move', 'data-ply': String(i + 1) }, line[i].name));
    button.addEventListener('click', board.view.bind(board, i + 1));
    buttons.push(button);
  }
  var shown = board.shownPly();
  buttons.forEach(function (button, i) {
    if (i + 1 === shown) button.setAttribute('aria-current', 'step');
    else button.removeAttribute('aria-current');
    button.tabIndex = i + 1 === shown || (shown === 0 && i === 0) ? 0 : -1;
  });
  board.moveList.parentNode.hidden = line.length === 0;
}

// Puts the cells in display order, a row element per board row (rows
// take no box, so the cells sit in the board's CSS grid): turned round
// when the board is flipped.
export function layout(board) {
  var n = board.cells.length;
  if (!board.rowEls) {
    board.rowEls = [];
    for (var r = 0; r < board.rows; r++) {
      board.rowEls.push(board.grid.appendChild(el('div', { role: 'row', class: 'play-row' })));
    }
  }
  for (var i = 0; i < n; i++) {
    board.rowEls[Math.floor(i / board.cols)].appendChild(board.cells[board.flipped ? n - 1 - i : i]);
  }
  board.ranks.textContent = '';
  board.files.textContent = '';
  for (var r = 0; r < board.rows; r++) {
    board.ranks.appendChild(el('span', {}, String(board.flipped ? r + 1 : board.rows - r)));
  }
  for (var c = 0; c < board.cols; c++) {
    board.files.appendChild(el('span', {}, String.fromCharCode(97 + (board.flipped ? board.cols - 1 - c : c))));
  }
}

// Draws the board's state: pieces (by the family's paint), the moves on
// offer, the last move and its captures, and each cell's spoken label.
export function render(board) {
  if (!board.state) return;
  // A move picked in the list shows the position after it; the game
  // itself waits at its last move.
  var viewing = board.viewing !== null;
  var state = viewing ? board.positionAt(board.viewing) : board.state;
  var last = viewing ? board.playedAt(board.viewing) : board.last;
  var targets = board.selected === null ? [] : board.movesFrom(board.selected);
  var movable = {};
  var offline = board.mode === 'room' && board.connection !== 'open';
  if (!viewing && !board.thinking && !offline && !board.over() && state.to_move === board.human) {
    state.moves.forEach(function (m) { movable[m[0]] = true; });
  }
  var captured = last ? last.captures : [];
  for (var i = 0; i < board.cells.length; i++) {
    var cell = board.cells[i];
    var c = cell.classList;
    var piece = board.family.paint(board, c, state.cells.charAt(i));
    c.toggle('play-movable', !!movable[i]);
    c.toggle('play-selected', board.selected === i);
    c.toggle('play-target', targets.indexOf(i) >= 0);
    c.toggle('play-from', !!last && last.from === i);
    c.toggle('play-to', !!last && last.to === i);
    c.toggle('play-captured', captured.indexOf(i) >= 0);
    cell.tabIndex = i === board.cursor ? 0 : -1;
    var label = board.squareName(i) + ', ' + piece;
    if (board.selected === i) label += ', ' + board.s['play-selected'];
    cell.setAttribute('aria-label', label);
    if (board.selected === i) cell.setAttribute('aria-selected', 'true');
    else cell.removeAttribute('aria-selected');
  }
  // The AI's search can be taken back (the worker is stopped); the
  // reader's own move is on its way and cannot.
  board.undoButton.disabled = (board.thinking && !board.aiThinking) || board.line.length === 0;
  board.section.setAttribute('data-ply', board.state.ply);
  if (viewing) board.section.setAttribute('data-viewing', board.viewing);
  else board.section.removeAttribute('data-viewing');
  board.grid.setAttribute('aria-busy', board.thinking ? 'true' : 'false');
  board.hintButton.disabled = viewing || !!board.hinting || board.thinking || board.over() || board.state.to_move !== board.human;
  renderMoveList(board);
  drawHint(board, viewing);
}

var SVG = 'http://www.w3.org/2000/svg';

// The hint's move as an arrow over the board, from the piece through the
// squares it lands on, while the position it was asked for is shown.
function drawHint(board, viewing) {
  var old = board.grid.querySelector('.play-arrow');
  if (old) old.remove();
  var hint = board.hint;
  if (!hint || viewing || hint.ply !== board.state.ply) return;
  var svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'play-arrow');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('viewBox', '0 0 ' + board.cols + ' ' + board.rows);
  svg.setAttribute('preserveAspectRatio', 'none');
  var marker = document.createElementNS(SVG, 'marker');
  marker.setAttribute('id', 'play-arrow-head');
  marker.setAttribute('viewBox', '0 0 4 4');
  marker.setAttribute('refX', '2');
  marker.setAttribute('refY', '2');
  marker.setAttribute('markerWidth', '3');
  marker.setAttribute('markerHeight', '3');
  marker.setAttribute('orient', 'auto-start-reverse');
  var head = document.createElementNS(SVG, 'path');
  head.setAttribute('d', 'M0,0 L4,2 L0,4 z');
  marker.appendChild(head);
  var defs = document.createElementNS(SVG, 'defs');
  defs.appendChild(marker);
  svg.appendChild(defs);
  var points = hint.path.map(function (cell) {
    var row = Math.floor(cell / board.cols);
    var col = cell % board.cols;
    if (board.flipped) {
      row = board.rows - 1 - row;
      col = board.cols - 1 - col;
    }
    return (col + 0.5) + ',' + (row + 0.5);
  });
  var line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', points.join(' '));
  line.setAttribute('marker-end', 'url(#play-arrow-head)');
  svg.appendChild(line);
  board.grid.appendChild(svg);
}
