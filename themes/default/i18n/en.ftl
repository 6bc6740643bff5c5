# English UI strings and generated sentences for rulehub sites.

language-name = English
skip-to-content = Skip to content
nav-home = Home
nav-languages = Languages
pager-label = Other variants
pager-previous = Previous:
pager-next = Next:
variants-heading = Variants
not-yet-translated = not yet translated
on-this-page = On this page
board-start-desc = Starting position of { $title } on a { $rows }×{ $cols } board: { $attackers } attackers, { $defenders } defenders and the king.
example-heading = Worked example
example-before = Before
example-after = After
example-verified = Checked by the rules engine on every build.
example-step-through = Step through the { $count } moves
game-heading = Sample game
game-start = Start position
game-step = Move { $number } of { $total }: { $move }
game-start-alt = The board at the start of the game
game-frame-alt = The board after move { $number }, { $move }
game-first = Start
game-previous = Previous move
game-next = Next move
game-last = End
game-verified = Every move of this game is checked by the rules engine on every build.
game-end-win = After { $moves } { $moves ->
    [one] move
   *[other] moves
} { $winner ->
    [attackers] the attackers win
    [white] White wins
    [black] Black wins
   *[defenders] the defenders win
}: { $how }.
game-end-draw = After { $moves } { $moves ->
    [one] move
   *[other] moves
} the game is drawn: { $how }.
game-end-ongoing = After { $moves } { $moves ->
    [one] move
   *[other] moves
} the game goes on.
example-diagram-desc = { $sentence }
comparison-title = Rules compared
comparison-intro = Every row is read from the rules engine’s own rule sets, so the table always matches what the examples are checked against.
comparison-link = Compare the rules of every variant
comparison-rule = Rule
not-found-title = Page not found
not-found-text = There is no page at this address. The variants are listed on the home page.
back-home = Back to the home page
footer-text = Published with rulehub. Every worked example on this site is replayed by its rules engine.
rules-at-a-glance = At a glance

list-and = and

board-legend = Key
translation-outdated = This translation was written for an earlier version of the rules; the original has changed since.
translation-outdated-link = Read the current original

## The practice board (assets/play/board.js)
play-heading = Practise against the computer
play-needs-javascript = The practice board needs JavaScript, which this browser has turned off. The rules and worked examples on this page work without it.
play-intro = Play this variant against the computer, under exactly the rules described on this page. Your moves are checked by the same engine that checks the examples above.
play-you-play = You play
play-level = Level
play-level-easy = easy: answers at once
play-level-normal = normal: answers within { $seconds } s
play-level-hard = hard: thinks up to { $seconds } s
play-new-game = New game
play-undo = Take back
play-flip = Turn the board
play-copy = Copy game
play-copied = The game record is copied: paste it into a message or a file to keep the game.
play-copy-failed = The record could not be copied; select it below and copy it by hand.
play-your-move = Your move ({ $side }).
play-thinking = The computer is thinking…
play-moves = Moves
play-viewing = Showing the position after move { $move }. The game goes on from its last move: press → or End, or play on the board.
play-restored = Your game goes on where you left it; New game starts over.
play-hint = Hint
play-hint-even = The engine sees an even game.
play-hint-ahead = The engine sees { $side } ahead.
play-hint-winning = The engine sees { $side } winning.
play-hint-forced-win = The engine sees a forced win for { $side } in { $moves } moves.
play-hint-move = Its move: { $move }, drawn as an arrow.
play-moved = { $side }: { $move }
play-captured = , capturing { $squares }
play-draw = The game is drawn: { $how }.
play-board-label = Practice board, { $rows } rows by { $cols } columns
play-empty = empty
play-selected = selected
play-keyboard-help = Keyboard: the arrow keys move around the board, Enter picks up a piece and puts it down, Escape lets go of it.
play-error = The practice board could not start: { $error }
play-room-heading = Play a friend online
play-room-invite = Invite a friend
play-room-creating = Opening a room on the server…
play-room-create-failed = No room could be opened: { $error }
play-room-joining = Joining room { $room }…
play-room-you-play = You play { $side } in room { $room }.
play-room-watching = You are watching room { $room }: both seats are taken, so the board is read-only.
play-room-waiting = Waiting for your friend to open the link.
play-room-friend-away = Your friend is not connected right now; their seat waits for them.
play-room-friend-here = Your friend is connected.
play-room-link-label = Link for your friend
play-room-copy-link = Copy link
play-room-link-copied = The link is copied. Whoever opens it first takes the free seat; anyone later watches.
play-room-their-move = Your friend's move ({ $side }).
play-room-to-move = { $side } to move.
play-room-sending = Sending the move to the server…
play-room-refused = The server refused the move: { $reason }
play-room-gone = This room no longer exists (rooms without a move for a day are removed).
play-room-rematch = Rematch (sides swap)
play-room-leave = Leave the room
play-room-status-connecting = Connecting to the room server…
play-room-status-open = Online.
play-room-status-reconnecting = The connection is lost; reconnecting…
play-room-status-closed = Not connected to the room.
play-room-error-not-your-turn = it is the other side's turn.
play-room-error-stale = the board was out of date; it now shows the game as the server has it, so choose again.
play-room-error-illegal-move = the rules do not allow that move.
play-room-error-bad-notation = the move names a square that is not on this board.
play-room-error-game-over = the game is over; ask for a rematch.
play-room-error-game-not-over = the game is still going.
play-room-error-not-a-seat = watchers cannot move.
play-room-error-bad-token = this browser no longer holds the seat.
play-room-error-rate-limited = too many moves at once; wait a moment.
play-room-error-store-failed = the server could not store it; try again.
play-room-error-too-many-rooms = the server holds as many rooms as it can; try again later.
play-room-error-origin-not-allowed = the room server does not accept this site.
play-room-error-network = the room server cannot be reached.
play-room-error-other = the server answered “{ $code }”.

## Site search (the box in every page's header)
search-label = Search the rules
search-placeholder = Search the rules…
search-results = Results:
search-no-results = Nothing found. Try another word, or fewer words.
search-unavailable = Search is not available right now.
print-link = Print all rules
print-title = { $family }: all rules to print
print-intro = Every rule set of this family on one page, laid out for paper: print it with your browser's Print command.

