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
