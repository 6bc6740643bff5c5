# Tafl's messages in English: the start diagram, the key, the comparison
# table's rows and their values, the worked examples' sentences and the
# practice board's sides, pieces and endings. The site adds them to the
# theme's en.ftl; a theme's own en.ftl may redefine any of them.

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

legend-king = the king

play-side-attackers = the attackers
play-side-defenders = the defenders

play-win = { $winner ->
    [attackers] The attackers win
   *[defenders] The defenders win
}: { $how }.

play-piece-attacker = attacker
play-piece-defender = defender
play-piece-king = king
