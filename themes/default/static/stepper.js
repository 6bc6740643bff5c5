// Sample games (```game blocks): step through the boards rulehub drew for
// every position (views of one SVG sheet, so a step costs no request).
// Without this script the page shows the final board and the list of moves;
// with it, buttons (and the arrow keys, Home and End while
// focus is inside the game) go from move to move, the current move is
// highlighted in the list, and the caption (a live region) says which move is
// shown. Every word comes from the page's data attributes, in its language.
'use strict';
(function () {
  function setUp(game) {
    const img = game.querySelector('.game-board img');
    const status = game.querySelector('.game-status');
    const items = Array.from(game.querySelectorAll('.game-moves li'));
    if (!img || !status) return;
    // Step 0 is the start position; step n is the position after move n.
    const steps = [game.dataset].concat(items.map((li) => li.dataset));
    let current = steps.length - 1;

    const bar = document.createElement('div');
    bar.className = 'game-controls';
    bar.setAttribute('role', 'group');
    const button = (label, text, target) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.setAttribute('aria-label', label);
      b.title = label;
      b.addEventListener('click', () => show(target()));
      bar.appendChild(b);
      return b;
    };
    const first = button(game.dataset.first, '⏮', () => 0);
    const previous = button(game.dataset.previous, '◀', () => current - 1);
    const next = button(game.dataset.next, '▶', () => current + 1);
    const last = button(game.dataset.last, '⏭', () => steps.length - 1);
    game.querySelector('.game-board').after(bar);
    status.setAttribute('aria-live', 'polite');

    function show(step) {
      if (step < 0 || step >= steps.length) return;
      current = step;
      // Removing src first makes every engine load the new address: WebKit
      // keeps painting the first view of a sheet when only the #view
      // fragment of src changes.
      img.removeAttribute('src');
      img.src = steps[step].src;
      img.alt = steps[step].alt;
      status.textContent = steps[step].caption;
      items.forEach((li, i) => {
        if (i + 1 === step) li.setAttribute('aria-current', 'step');
        else li.removeAttribute('aria-current');
      });
      first.disabled = previous.disabled = step === 0;
      next.disabled = last.disabled = step === steps.length - 1;
    }

    items.forEach((li, i) => li.addEventListener('click', () => show(i + 1)));
    game.addEventListener('keydown', (event) => {
      const keys = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: steps.length - 1 };
      if (!(event.key in keys) || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      show(keys[event.key]);
      // A button that became disabled loses focus; keep it in the game.
      if (document.activeElement === document.body || document.activeElement.disabled) {
        (next.disabled ? previous : next).focus();
      }
    });
    show(current);
  }
  document.querySelectorAll('.game').forEach(setUp);
})();
