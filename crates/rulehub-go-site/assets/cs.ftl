## Go (stránky rodiny go: výchozí diagram, legenda, přehled pravidel, věty pod příklady)
go-board-start-desc = { $title } – výchozí postavení na mřížce { $size }×{ $size } linií: { $black ->
    [0] deska je prázdná
   *[other] černých kamenů { $black }, bílých { $white }
}.
go-legend-black = černý kámen
go-legend-white = bílý kámen
go-cmp-board = Deska
go-cmp-scoring = Počítání
go-cmp-repetition = Opakování pozice
go-cmp-suicide = Sebevražda
go-cmp-komi = Komi
go-cmp-handicap = Handicapové kameny
go-cmp-passes = Pasování
go-board-value = mřížka { $size }×{ $size } linií
go-komi-value = bílému se přičítá { $komi }
go-decimal-separator = ,
go-scoring-area = plocha: kameny na desce a průsečíky, které obklopují
go-scoring-territory = území: obklíčené průsečíky a zajatci; v seki se území nepočítá
go-repetition-simple-ko = zakázáno je jen okamžité zpětné vzetí v ko
go-repetition-positional-superko = žádný tah nesmí zopakovat dřívější pozici na desce (poziční superko)
go-repetition-situational-superko = žádný tah nesmí zopakovat dřívější pozici se stejným hráčem na tahu (situační superko)
go-suicide-forbidden = zakázána
go-suicide-allowed-multi = povolena pro dva a více kamenů; osamělý kámen sám sebe odstranit nesmí
go-suicide-allowed = povolena, i pro jediný kámen
go-handicap-fixed = na hvězdné body
go-handicap-free = kam si černý vybere
go-passes-plain = pas nic nestojí; dva pasy po sobě hru ukončí
go-passes-stones = za každý pas dostane soupeř jednoho zajatce; poslední pasuje bílý
go-stones-black = { $count ->
    [one] černý kámen na { $points }
   *[other] černé kameny na { $points }
}
go-stones-white = { $count ->
    [one] bílý kámen na { $points }
   *[other] bílé kameny na { $points }
}
go-empty-board = prázdná deska { $size }×{ $size }
go-rest-empty = ostatní průsečíky jsou prázdné
go-to-move = { $side ->
    [white] na tahu je bílý
   *[black] na tahu je černý
}
go-earlier-moves = { $pass ->
    [yes] Po pasu
   *[no] { $count ->
        [one] Po tahu { $moves }
       *[other] Po tazích { $moves }
    }
}
go-pass-word = pas
go-goes-on = Hra pokračuje.
go-play = { $later ->
    [yes] hraje { $side ->
        [white] bílý
       *[black] černý
    } { $point }
   *[no] { $side ->
        [white] Bílý
       *[black] Černý
    } hraje { $point }
}
go-pass = { $later ->
    [yes] pasuje { $side ->
        [white] bílý
       *[black] černý
    }
   *[no] { $side ->
        [white] Bílý
       *[black] Černý
    } pasuje
}
go-captures = { $count ->
    [one] { " " }a bere kámen na { $points }
    [few] { " " }a bere { $count } kameny: { $points }
   *[other] { " " }a bere { $count } kamenů: { $points }
}
go-suicide = { $count ->
    [one] { " " }a odstraní vlastní kámen na { $points }
    [few] { " " }a odstraní { $count } vlastní kameny: { $points }
   *[other] { " " }a odstraní { $count } vlastních kamenů: { $points }
}
go-illegal = { $move } – to není dovoleno: { $reason }.
go-illegal-occupied = průsečík je už obsazený
go-illegal-suicide = kámen by neměl žádnou svobodu a nic by nebral, a sebevražda je zakázána
go-illegal-ko = šlo by o okamžité zpětné vzetí v ko
go-illegal-superko = tah by zopakoval dřívější pozici na desce
go-illegal-game-over = hra už skončila
go-illegal-off-board = průsečík neleží na desce
go-ended = Dva pasy po sobě hru ukončí.
go-dead = { $count ->
    [one] Kámen na { $points } je mrtvý a odstraní se.
   *[other] Kameny na { $points } jsou mrtvé a odstraní se.
}
go-count = Při počítání { $scoring ->
    [area] plochy
   *[territory] území
} má černý { $black }, bílý i s komi { $white }: { $winner ->
    [white] bílý
   *[black] černý
} vyhrává o { $margin }.
go-count-draw = Při počítání { $scoring ->
    [area] plochy
   *[territory] území
} má černý { $black }, bílý i s komi { $white }: partie končí remízou.
go-win-count = při počítání po dvou pasech má víc bodů
go-draw-count = při počítání po dvou pasech mají oba stejně bodů
go-win-resignation = soupeř se vzdal
go-game-ended-uncounted = Po { $moves } { $moves ->
    [one] tahu
   *[other] tazích
} hru ukončí dva pasy; k sečtení je třeba označit mrtvé kameny.
