## Go (go-perheen sivut: aloitusasema, selite, sääntöjen yhteenveto, esimerkkien lauseet)
go-board-start-desc = { $title }: aloitusasema { $size }×{ $size } viivan laudalla; { $black ->
    [0] lauta on tyhjä
   *[other] mustia kiviä { $black }, valkoisia { $white }
}.
go-legend-black = musta kivi
go-legend-white = valkoinen kivi
go-cmp-board = Lauta
go-cmp-scoring = Laskenta
go-cmp-repetition = Toistuva asema
go-cmp-suicide = Itsemurha
go-cmp-komi = Komi
go-cmp-handicap = Tasoituskivet
go-cmp-passes = Passaaminen
go-board-value = { $size }×{ $size } viivaa
go-komi-value = valkoinen saa { $komi } pistettä
go-decimal-separator = ,
go-scoring-area = kivet ja alue: laudalla olevat kivet ja niiden ympäröimät pisteet
go-scoring-territory = alue ja vangit: ympäröidyt pisteet ja vangit; sekissä ei ole aluetta
go-repetition-simple-ko = vain välitön takaisinotto ko-tilanteessa on kielletty
go-repetition-positional-superko = mikään siirto ei saa toistaa aiempaa asemaa laudalla (positionaalinen superko)
go-repetition-situational-superko = mikään siirto ei saa toistaa aiempaa asemaa, jossa sama pelaaja on vuorossa (tilannesidonnainen superko)
go-suicide-forbidden = kielletty
go-suicide-allowed-multi = sallittu kahdelle tai useammalle kivelle; yksittäinen kivi ei saa poistaa itseään
go-suicide-allowed = sallittu, myös yhdelle kivelle
go-handicap-fixed = tähtipisteisiin
go-handicap-free = mustan valitsemiin pisteisiin
go-passes-plain = passi ei maksa mitään; kaksi peräkkäistä passia päättää pelin
go-passes-stones = jokainen passi antaa vastustajalle yhden vangin; valkoinen passaa viimeisenä
go-stones-black = { $count ->
    [one] musta kivi pisteessä { $points }
   *[other] mustat kivet pisteissä { $points }
}
go-stones-white = { $count ->
    [one] valkoinen kivi pisteessä { $points }
   *[other] valkoiset kivet pisteissä { $points }
}
go-empty-board = tyhjä { $size }×{ $size }-lauta
go-rest-empty = muut pisteet ovat tyhjiä
go-to-move = { $side ->
    [white] valkoinen on vuorossa
   *[black] musta on vuorossa
}
go-earlier-moves = { $pass ->
    [yes] Passin jälkeen
   *[no] Kun on pelattu { $moves },
}
go-pass-word = passi
go-goes-on = Peli jatkuu.
go-play = { $later ->
    [yes] { $side ->
        [white] valkoinen
       *[black] musta
    }
   *[no] { $side ->
        [white] Valkoinen
       *[black] Musta
    }
} pelaa pisteeseen { $point }
go-pass = { $later ->
    [yes] { $side ->
        [white] valkoinen
       *[black] musta
    }
   *[no] { $side ->
        [white] Valkoinen
       *[black] Musta
    }
} passaa
go-captures = { $count ->
    [one] { " " }ja vangitsee kiven pisteestä { $points }
   *[other] { " " }ja vangitsee { $count } kiveä: { $points }
}
go-suicide = { $count ->
    [one] { " " }ja poistaa oman kivensä pisteestä { $points }
   *[other] { " " }ja poistaa { $count } omaa kiveään: { $points }
}
go-illegal = { $move } – ei sallittu: { $reason }.
go-illegal-occupied = piste on jo varattu
go-illegal-suicide = kivellä ei olisi yhtään vapautta eikä se vangitsisi mitään, ja itsemurha on kielletty
go-illegal-ko = se olisi välitön takaisinotto ko-tilanteessa
go-illegal-superko = se toistaisi aiemman aseman laudalla
go-illegal-game-over = peli on jo päättynyt
go-illegal-off-board = piste ei ole laudalla
go-ended = Kaksi peräkkäistä passia päättää pelin.
go-dead = { $count ->
    [one] Kivi pisteessä { $points } on kuollut, ja se poistetaan.
   *[other] Kivet pisteissä { $points } ovat kuolleita, ja ne poistetaan.
}
go-count = { $scoring ->
    [area] Kivet ja alue laskien
   *[territory] Alue ja vangit laskien
} mustalla on { $black } pistettä ja valkoisella komi mukaan lukien { $white }: { $winner ->
    [white] valkoinen
   *[black] musta
} voittaa { $margin } pisteellä.
go-count-draw = { $scoring ->
    [area] Kivet ja alue laskien
   *[territory] Alue ja vangit laskien
} mustalla on { $black } pistettä ja valkoisella komi mukaan lukien { $white }: peli päättyy tasapeliin.
go-win-count = laskenta kahden passin jälkeen antaa sille enemmän pisteitä
go-draw-count = laskenta kahden passin jälkeen antaa molemmille yhtä monta pistettä
go-win-resignation = vastustaja luovutti
go-game-ended-uncounted = { $moves } siirron jälkeen kaksi passia päättää pelin; laskentaa varten kuolleet kivet on merkittävä.
