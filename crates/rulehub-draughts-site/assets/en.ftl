# Draughts' messages in English: the start diagram, the key, the comparison
# table's rows and their values, the worked examples' sentences and the
# practice board's sides, pieces and endings. The site adds them to the
# theme's en.ftl; a theme's own en.ftl may redefine any of them.

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
## The practice board on draughts pages (src/play.rs of this crate); the
## rest of the board's sentences are the theme's play-* messages.
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
