// Drag and drop on the practice board, beside click-click and tap-tap: a
// piece that can move is picked up by pressing on it (mouse, pen or
// finger), its legal targets show while it is carried, and letting go on
// one plays the move through the same path a click takes (so a family's
// own input, such as choosing a capture's route, works the same). Letting
// go anywhere else puts the piece back, no longer picked. A press that hardly moves is a
// click, handled by the click that follows it.
//
// And the move's animation: the piece slides from its square to its
// target, unless the reader asks for reduced motion.

import { el } from './view.js';

// How far (px) the pointer must travel before a press becomes a drag.
var DRAG_START_PX = 6;

export function enableDrag(board) {
  board.grid.addEventListener('pointerdown', function (event) { press(board, event); });
  // The click after a drop is the drop's, not a second choice.
  board.grid.addEventListener('click', function (event) {
    if (!board.dropped) return;
    board.dropped = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
}

function press(board, event) {
  if (event.button !== 0 || board.viewing !== null) return;
  var cell = board.cells.indexOf(event.target.closest('.play-cell'));
  if (cell < 0 || !board.movesFrom(cell).length) return;
  var start = { x: event.clientX, y: event.clientY };
  var drag = null;
  board.dropped = false;

  function move(e) {
    if (!drag) {
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_START_PX) return;
      drag = pickUp(board, cell);
    }
    var half = drag.size / 2;
    drag.ghost.style.transform = 'translate(' + (e.clientX - half) + 'px, ' + (e.clientY - half) + 'px)';
    var over = cellAt(board, e.clientX, e.clientY);
    board.cells.forEach(function (c, i) { c.classList.toggle('play-drop', i === over); });
  }

  function up(e) {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
    if (!drag) return;
    putDown(board, drag);
    board.dropped = true;
    // The click event follows the pointerup only on the element the press
    // began on; a drop elsewhere gets none, so the flag must not linger.
    setTimeout(function () { board.dropped = false; }, 0);
    var target = e.type === 'pointerup' ? cellAt(board, e.clientX, e.clientY) : -1;
    if (target >= 0 && target !== cell && board.movesFrom(cell).indexOf(target) >= 0) {
      board.onCell(target);
    } else {
      board.selected = null;
      board.render();
    }
  }

  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', up);
}

// The piece leaves its square and follows the pointer; its targets show.
function pickUp(board, cell) {
  var from = board.cells[cell];
  var rect = from.getBoundingClientRect();
  if (board.selected !== cell) board.onCell(cell);
  var ghost = el('div', { class: from.className + ' play-ghost', 'aria-hidden': 'true' });
  ghost.classList.remove('play-selected', 'play-from', 'play-to', 'play-captured', 'play-target');
  ghost.style.width = ghost.style.height = rect.width + 'px';
  board.grid.appendChild(ghost);
  from.classList.add('play-lifted');
  board.section.setAttribute('data-dragging', '');
  return { ghost: ghost, from: from, size: rect.width };
}

function putDown(board, drag) {
  drag.ghost.remove();
  drag.from.classList.remove('play-lifted');
  board.section.removeAttribute('data-dragging');
  board.cells.forEach(function (c) { c.classList.remove('play-drop'); });
}

// The cell under a point, or -1.
function cellAt(board, x, y) {
  var hit = document.elementFromPoint(x, y);
  var cell = hit && hit.closest ? hit.closest('.play-cell') : null;
  return cell ? board.cells.indexOf(cell) : -1;
}

// Slides the piece of the move just shown from where it stood (CSS runs
// the slide, and only when motion is welcome).
export function animate(board, played) {
  if (!played || !window.matchMedia || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  var to = board.cells[played.to];
  var from = board.cells[played.from];
  if (!to || !from) return;
  var a = from.getBoundingClientRect();
  var b = to.getBoundingClientRect();
  to.style.setProperty('--play-dx', (a.left - b.left) + 'px');
  to.style.setProperty('--play-dy', (a.top - b.top) + 'px');
  to.classList.remove('play-arrive');
  // A new animation on the same square starts from its first frame.
  void to.offsetWidth;
  to.classList.add('play-arrive');
}
