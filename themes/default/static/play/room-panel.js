// The room's panel on the practice board ("Invite a friend", docs/rooms.md):
// who plays what, the connection, the link to send. board.js (the
// controller) builds it when the page names a room server and calls
// renderRoom whenever the room changes; room.js talks to the server.

import { el, fill } from './view.js';

// Builds the panel, hidden until a room is entered, before the buttons.
export function buildRoomPanel(board, root, buttons) {
  var s = board.s;
  var panel = el('div', { class: 'play-room', hidden: '' });
  board.roomWho = el('p', { class: 'play-room-who' });
  panel.appendChild(board.roomWho);
  // Its own polite live region: a lost connection is said once, not
  // mixed into the moves.
  board.roomConnection = el('p', { class: 'play-room-connection', role: 'status', 'aria-live': 'polite' });
  panel.appendChild(board.roomConnection);
  board.roomPresence = el('p', { class: 'play-room-presence' });
  panel.appendChild(board.roomPresence);
  var linkRow = el('div', { class: 'play-room-link', hidden: '' });
  var linkLabel = el('label', { for: 'play-room-link' }, s['play-room-link-label']);
  board.roomLink = el('input', { id: 'play-room-link', type: 'text', readonly: '', spellcheck: 'false' });
  board.roomLink.addEventListener('focus', function () { board.roomLink.select(); });
  var copyLink = el('button', { type: 'button' }, s['play-room-copy-link']);
  copyLink.addEventListener('click', function () { board.copyLink(); });
  board.copyLinkButton = copyLink;
  linkRow.appendChild(linkLabel);
  linkRow.appendChild(board.roomLink);
  linkRow.appendChild(copyLink);
  board.roomLinkRow = linkRow;
  panel.appendChild(linkRow);
  board.roomPanel = panel;
  root.insertBefore(panel, buttons);
}

// Says who plays what in the room and whether the friend is there.
export function renderRoom(board) {
  var s = board.s;
  var code = board.room;
  if (board.human) board.roomWho.textContent = fill(s['play-room-you-play'], { side: board.sideName(board.human), room: code });
  else if (board.state) board.roomWho.textContent = fill(s['play-room-watching'], { room: code });
  else board.roomWho.textContent = fill(s['play-room-joining'], { room: code });
  var presence = '';
  if (board.human && board.seats) {
    var other = board.seats.filter(function (seat) { return seat.side !== board.human; })[0];
    if (other && !other.taken) presence = s['play-room-waiting'];
    else if (other && !other.connected) presence = s['play-room-friend-away'];
    else if (other) presence = s['play-room-friend-here'];
  }
  board.roomPresence.textContent = presence;
  // The link stays after the friend joined: whoever else opens it watches.
  board.roomLinkRow.hidden = false;
  board.rematchButton.hidden = !(board.human && board.over());
}
