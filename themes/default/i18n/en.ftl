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

example-king = king { $square }
example-attackers = { $count ->
    [one] one attacker { $squares }
   *[other] { $count } attackers { $squares }
}
example-defenders = { $count ->
    [one] one defender { $squares }
   *[other] { $count } defenders { $squares }
}
example-rest-empty = all else empty
example-to-move = { $side ->
    [attackers] attackers to move
   *[defenders] defenders to move
}
example-move = { $piece ->
    [king] The king moves { $from }–{ $to }
    [defender] A defender moves { $from }–{ $to }
   *[attacker] An attacker moves { $from }–{ $to }
}
example-earlier-moves = { $count ->
    [one] After { $moves },
   *[other] After the moves { $moves },
}
example-captures = { $count ->
    [one] { " " }and captures the piece on { $squares }
   *[other] { " " }and captures { $count } pieces: { $squares }
}
example-no-captures = {""}
example-captures-king = { " " }and captures the king on { $square }
example-captures-king-and = { " " }and captures the king on { $square } and { $count ->
    [one] the piece on { $squares }
   *[other] { $count } pieces: { $squares }
}
example-win-by-capturing-the-king = : { $winner ->
    [attackers] the attackers win
   *[defenders] the defenders win
}.
example-win = : { $winner ->
    [attackers] attackers win
   *[defenders] defenders win
}, { $how }.
example-draw = : the game is drawn, { $how }.
example-illegal = { $move } — not allowed: { $reason }.
list-and = and

illegal-no-piece = there is no piece on the starting square
illegal-not-your-piece = that piece belongs to the other side
illegal-not-straight = pieces move only along a row or a column
illegal-same-square = a move must leave its square
illegal-blocked = another piece stands in the way
illegal-restricted-square = this piece may not stop on that square
illegal-no-passing = that square may not be crossed
illegal-game-over = the game is already over
win-edge-escape = the king has reached the edge
win-corner-escape = the king has reached a corner
win-king-captured = the king is captured
win-no-legal-moves = the other side has no legal move
win-all-attackers-captured = no attacker is left
win-encirclement = every defender is encircled
win-exit-fort = the king has built an exit fort on the edge
win-repetition = the position has repeated
draw-repetition = the same position came up again
draw-move-limit = too many moves without a capture

cmp-board = Board
cmp-first-move = First move
cmp-escape = King escapes to
cmp-throne = Throne
cmp-corners = Who may stop on a corner
cmp-king-capture = Capturing the king
cmp-armed-king = King takes part in captures
cmp-draws = Repetition and move limit
cmp-no-moves = A side with no legal move
cmp-special = Special rules
side-attackers = attackers
side-defenders = defenders
escape-edge = any edge square
escape-corners = a corner square
access-nobody = nobody
access-king = the king only
access-defenders = the king and the defenders
access-everyone = every piece
throne-rule = stop: { $stop }; cross: { $pass }
king-capture-weak = two attackers, like any piece
king-capture-strong-on-throne = four on the throne, three beside it, two elsewhere
king-capture-strong = four sides everywhere
king-edge-hostile = the board edge counts as an attacker
armed-no = no
armed-hammer = only as the moving piece
armed-anvil = only as the far partner
armed-yes = yes, as either partner
repetition-rule = { $count ->
    [one] a repeated position: { $result }
   *[other] the same position { $count } times: { $result }
}
move-limit-rule = { $count } moves without a capture: draw
no-draw-rule = none
no-moves-loses = loses
no-moves-draws = draws
special-shieldwall = shieldwall captures
special-exit-fort = exit fort
special-encirclement = encirclement
special-none = none
result-draw = draw
result-attackers-lose = the attackers lose
result-defenders-lose = the defenders lose
escape-squares = the escape squares { $squares }
access-attackers = the attackers only
repetition-forbidden-rule = a move that makes the same position appear { $count } times is illegal
special-camps = attacker camps on { $squares }
result-repeating-side-loses = the side that repeats loses
illegal-repetition-forbidden = the rules forbid repeating the position again
illegal-off-board = that square is not on the board
win-escape-square = the king has reached an escape square
draw-no-legal-moves = the side to move has no legal move
example-moves-from = { $piece ->
    [king] The king on { $from } can move to { $squares }.
    [defender] The defender on { $from } can move to { $squares }.
   *[attacker] The attacker on { $from } can move to { $squares }.
}
example-cannot-move = { $piece ->
    [king] The king on { $from } cannot move.
    [defender] The defender on { $from } cannot move.
   *[attacker] The attacker on { $from } cannot move.
}
state-exit-fort = The defenders hold an exit fort the attackers cannot break.
state-encirclement = No defender can reach the edge any more.
state-no-legal-moves = The side to move has no legal move.
board-legend = Key
legend-king = the king
translation-outdated = This translation was written for an earlier version of the rules; the original has changed since.
translation-outdated-link = Read the current original

## The practice board (assets/play/board.js)
play-heading = Practise against the computer
play-intro = Play this variant against the computer, under exactly the rules described on this page. Your moves are checked by the same engine that checks the examples above.
play-you-play = You play
play-side-attackers = the attackers
play-side-defenders = the defenders
play-level = Level
play-level-easy = easy
play-level-normal = normal
play-level-hard = hard
play-new-game = New game
play-undo = Take back
play-flip = Turn the board
play-copy = Copy game
play-copied = The game record is copied; `rulehub replay` checks it move by move.
play-copy-failed = The record could not be copied; select it below and copy it by hand.
play-your-move = Your move ({ $side }).
play-thinking = The computer is thinking…
play-moved = { $side }: { $move }
play-captured = , capturing { $squares }
play-win = { $winner ->
    [attackers] The attackers win
   *[defenders] The defenders win
}: { $how }.
play-draw = The game is drawn: { $how }.
play-board-label = Practice board, { $rows } rows by { $cols } columns
play-piece-attacker = attacker
play-piece-defender = defender
play-piece-king = king
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

## Draughts (the draughts family's pages: start diagram, key, facts, example sentences)
draughts-board-start-desc = Starting position of { $title }. The board is { $size }×{ $size }, its { $squares } dark squares numbered; { $white } white and { $black } black pieces.
draughts-legend-white = white
draughts-legend-black = black
draughts-legend-king = a king (a crowned man)
draughts-cmp-board = Board
draughts-cmp-first-move = First move
draughts-cmp-men-capture = Men capture
draughts-cmp-kings = Kings move
draughts-cmp-capture-mandatory = Capturing
draughts-cmp-capture-choice = Choosing among captures
draughts-cmp-crowning = A man that reaches the far row during a capture
draughts-cmp-draws = Draw rules
draughts-board-value = { $size }×{ $size }, { $squares } dark squares in play
draughts-side-white = White
draughts-side-black = Black
draughts-men-capture-forwards = forwards only
draughts-men-capture-backwards = forwards and backwards
draughts-kings-short = one square diagonally, in any direction
draughts-kings-fly = any distance along a diagonal (flying kings)
draughts-capture-optional = optional
draughts-capture-mandatory = compulsory
draughts-capture-choice-free = any capture, not necessarily the largest
draughts-capture-choice-majority = the capture that takes the most pieces
draughts-crown-after-capture = stays a man; it is crowned only if the capture ends there
draughts-crown-during-capture = becomes a king at once and goes on capturing as a king
draughts-repetition-rule = the same position { $count } times: draw
draughts-king-move-rule = { $count } moves each without a capture or a man move: draw
draughts-draws-claimed = a player claims these draws; play goes on until one does
draughts-no-draw-rule = none
draughts-white-men = { $count ->
    [one] one white man on { $squares }
   *[other] { $count } white men on { $squares }
}
draughts-white-kings = { $count ->
    [one] one white king on { $squares }
   *[other] { $count } white kings on { $squares }
}
draughts-black-men = { $count ->
    [one] one black man on { $squares }
   *[other] { $count } black men on { $squares }
}
draughts-black-kings = { $count ->
    [one] one black king on { $squares }
   *[other] { $count } black kings on { $squares }
}
draughts-rest-empty = all other squares empty
draughts-to-move = { $side ->
    [white] White to move
   *[black] Black to move
}
draughts-move = { $side ->
    [white] White
   *[black] Black
} plays { $move } with { $kind ->
    [king] a king
   *[man] a man
}
draughts-earlier-moves = { $count ->
    [one] After { $moves },
   *[other] After the moves { $moves },
}
draughts-captures = { $count ->
    [one] { " " }and captures the piece on { $squares }
   *[other] { " " }and captures { $count } pieces: { $squares }
}
draughts-crowned = , and the man becomes a king
draughts-win = : { $winner ->
    [white] White wins
   *[black] Black wins
}, { $how }.
draughts-win-no-pieces = the other side has no pieces left
draughts-win-blocked = the other side has no move left
draughts-draw = : the game is drawn, { $how }.
draughts-draw-repetition = the same position has come up again
draughts-draw-king-moves = too many moves without a capture or a man move
draughts-illegal = { $move } — not allowed: { $reason }.
draughts-illegal-game-over = the game is already over
draughts-illegal-not-a-square = that square is not on the board
draughts-illegal-not-a-dark-square = that square is a light square, and draughts is played on the dark ones
draughts-illegal-empty-square = there is no piece on the starting square
draughts-illegal-not-your-piece = that piece belongs to the other side
draughts-illegal-capture-required = a capture is available, and capturing is compulsory ({ $capture })
draughts-illegal-majority-required = it takes { $takes }, but the majority rule calls for the capture that takes the most pieces ({ $required })
draughts-illegal-incomplete-capture = a capture goes on while there is a piece left to jump ({ $capture })
draughts-illegal-wrong-separator = a capture is written with x and a plain move with a dash
draughts-illegal-ambiguous = more than one capture joins those squares, so every landing square must be written
draughts-illegal-no-such-move = that piece cannot move there

## The practice board on draughts pages (src/family/draughts/play.rs); the
## rest of the board's sentences are the play-* messages above.
play-draughts-side-white = White
play-draughts-side-black = Black
play-draughts-win = { $winner ->
    [white] White wins
   *[black] Black wins
}: { $how }.
play-draughts-piece-white-man = white man
play-draughts-piece-white-king = white king
play-draughts-piece-black-man = black man
play-draughts-piece-black-king = black king
play-draughts-light-square = light square, not played on
play-draughts-choose-route = Two captures reach that square by different routes: choose a marked square to jump through.
play-draughts-via = a square to jump through

## Go (the go family's pages: start diagram, key, facts, example sentences)
go-board-start-desc = Starting position of { $title }: a board of { $size }×{ $size } lines, { $black ->
    [0] empty
   *[other] with { $black } black and { $white } white stones
}.
go-legend-black = black stone
go-legend-white = white stone
go-cmp-board = Board
go-cmp-scoring = Counting
go-cmp-repetition = Repeated positions
go-cmp-suicide = Suicide
go-cmp-komi = Komi
go-cmp-handicap = Handicap stones
go-cmp-passes = Passing
go-board-value = { $size }×{ $size } lines
go-komi-value = { $komi } points to White
go-decimal-separator = .
go-scoring-area = area: stones on the board plus the points they surround
go-scoring-territory = territory: surrounded points plus prisoners; no territory in seki
go-repetition-simple-ko = only retaking a ko at once is forbidden
go-repetition-positional-superko = no play may recreate an earlier board (positional superko)
go-repetition-situational-superko = no play may recreate an earlier board with the same player to move (situational superko)
go-suicide-forbidden = forbidden
go-suicide-allowed-multi = allowed for two or more stones; a lone stone may not remove itself
go-suicide-allowed = allowed, even for a single stone
go-handicap-fixed = on the star points
go-handicap-free = wherever Black chooses
go-passes-plain = a pass costs nothing; two passes in a row end the game
go-passes-stones = each pass gives the opponent a prisoner; White passes last
go-stones-black = { $count ->
    [one] a black stone on { $points }
   *[other] black stones on { $points }
}
go-stones-white = { $count ->
    [one] a white stone on { $points }
   *[other] white stones on { $points }
}
go-empty-board = an empty { $size }×{ $size } board
go-rest-empty = all other points empty
go-to-move = { $side ->
    [white] White to play
   *[black] Black to play
}
go-earlier-moves = { $pass ->
    [yes] After a pass,
   *[no] After { $moves },
}
go-pass-word = a pass
go-goes-on = The game goes on.
go-play = { $side ->
    [white] White
   *[black] Black
} plays { $point }
go-pass = { $side ->
    [white] White
   *[black] Black
} passes
go-captures = { $count ->
    [one] { " " }and captures the stone on { $points }
   *[other] { " " }and captures { $count } stones: { $points }
}
go-suicide = { $count ->
    [one] { " " }and removes its own stone on { $points }
   *[other] { " " }and removes { $count } of its own stones: { $points }
}
go-illegal = { $move } — not allowed: { $reason }.
go-illegal-occupied = the point is already occupied
go-illegal-suicide = the stone would have no liberty and capture nothing, and suicide is forbidden
go-illegal-ko = it would retake the ko at once
go-illegal-superko = it would recreate an earlier board position
go-illegal-game-over = the game is already over
go-illegal-off-board = the point is not on the board
go-ended = Two passes in a row end the game.
go-dead = { $count ->
    [one] The stone on { $points } is dead and is removed.
   *[other] The stones on { $points } are dead and are removed.
}
go-count = Counting { $scoring ->
    [area] by area
   *[territory] by territory
}, Black has { $black } points and White { $white } with komi: { $winner ->
    [white] White
   *[black] Black
} wins by { $margin }.
go-count-draw = Counting { $scoring ->
    [area] by area
   *[territory] by territory
}, Black has { $black } points and White { $white } with komi: a draw.
go-win-count = they have more points when the game is counted after two passes
go-draw-count = both have the same number of points when the game is counted after two passes
go-win-resignation = the other player resigned
go-game-ended-uncounted = After { $moves } { $moves ->
    [one] move
   *[other] moves
} two passes end the game; counting it needs the dead stones marked.
