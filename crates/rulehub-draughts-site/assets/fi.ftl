# Tammiperheen viestit suomeksi: aloituskuva, selite, vertailutaulukon rivit
# ja arvot, esimerkkien lauseet sekä harjoituslaudan puolet, nappulat ja pelin
# päättymiset. Sivusto lisää ne teeman fi.ftl-tiedostoon; sivuston oma fi.ftl
# voi määritellä minkä tahansa niistä uudelleen.

## Tammi (tammiperheen sivut: aloituskuva, selite, sääntövertailu, esimerkkien lauseet)
draughts-board-start-desc = Pelin { $title } aloitusasema { $size }×{ $size }-laudalla, jonka { $squares } tummaa ruutua on numeroitu: valkoisia nappuloita { $white }, mustia { $black }.
draughts-legend-white = valkoinen
draughts-legend-black = musta
draughts-legend-king = kuningas (kruunattu nappula)
draughts-cmp-board = Lauta
draughts-cmp-first-move = Aloittaja
draughts-cmp-men-capture = Nappulat lyövät
draughts-cmp-kings = Kuningas liikkuu
draughts-cmp-capture-mandatory = Lyöminen
draughts-cmp-capture-choice = Lyöntien välillä valitaan
draughts-cmp-crowning = Nappula, joka käy takarivillä kesken lyönnin
draughts-cmp-draws = Tasapeli
draughts-board-value = { $size }×{ $size }, pelissä { $squares } tummaa ruutua
draughts-side-white = valkoinen
draughts-side-black = musta
draughts-men-capture-forwards = vain eteenpäin
draughts-men-capture-backwards = eteen- ja taaksepäin
draughts-kings-short = yhden ruudun vinottain, mihin suuntaan tahansa
draughts-kings-fly = kuinka pitkälle tahansa vinoriviä pitkin (lentävä kuningas)
draughts-capture-optional = vapaaehtoista
draughts-capture-mandatory = pakollista
draughts-capture-choice-free = mikä tahansa lyönti, ei välttämättä suurin
draughts-capture-choice-majority = lyönti, joka vie eniten nappuloita
draughts-crown-after-capture = pysyy nappulana; se kruunataan vain, jos lyönti päättyy takariville
draughts-crown-during-capture = muuttuu heti kuninkaaksi ja jatkaa lyöntiä kuninkaana
draughts-repetition-rule = sama asema { $count } kertaa: tasapeli
draughts-king-move-rule = { $count } siirtoa kummaltakin ilman lyöntiä tai nappulan siirtoa: tasapeli
draughts-draws-claimed = pelaaja vaatii nämä tasapelit; peli jatkuu, kunnes joku vaatii
draughts-no-draw-rule = ei ole
draughts-white-men = { $count ->
    [one] yksi valkoinen nappula ruudussa { $squares }
   *[other] { $count } valkoista nappulaa ruuduissa { $squares }
}
draughts-white-kings = { $count ->
    [one] yksi valkoinen kuningas ruudussa { $squares }
   *[other] { $count } valkoista kuningasta ruuduissa { $squares }
}
draughts-black-men = { $count ->
    [one] yksi musta nappula ruudussa { $squares }
   *[other] { $count } mustaa nappulaa ruuduissa { $squares }
}
draughts-black-kings = { $count ->
    [one] yksi musta kuningas ruudussa { $squares }
   *[other] { $count } mustaa kuningasta ruuduissa { $squares }
}
draughts-rest-empty = muut ruudut tyhjinä
draughts-to-move = { $side ->
    [white] valkoisen vuoro
   *[black] mustan vuoro
}
draughts-move = { $later ->
    [yes] { $side ->
        [white] valkoinen
       *[black] musta
    }
   *[no] { $side ->
        [white] Valkoinen
       *[black] Musta
    }
} siirtää { $kind ->
    [king] kuningasta
   *[man] nappulaa
} { $move }
draughts-earlier-moves = { $count ->
    [one] Siirron { $moves } jälkeen:
   *[other] Siirtojen { $moves } jälkeen:
}
draughts-captures = { $count ->
    [one] { " " }ja lyö nappulan ruudusta { $squares }
   *[other] { " " }ja lyö { $count } nappulaa: { $squares }
}
draughts-crowned = , ja nappulasta tulee kuningas
draughts-win = : { $winner ->
    [white] valkoinen voittaa
   *[black] musta voittaa
}, sillä { $how }.
draughts-win-no-pieces = vastustajalta loppuivat nappulat
draughts-win-blocked = vastustaja ei voi enää siirtää
draughts-draw = : peli päättyy tasapeliin, sillä { $how }.
draughts-draw-repetition = sama asema toistui
draughts-draw-king-moves = siirtoja on tehty liian monta ilman lyöntiä tai nappulan siirtoa
draughts-illegal = { $move } — siirto ei ole sallittu: { $reason }.
draughts-illegal-game-over = peli on jo päättynyt
draughts-illegal-not-a-square = sellaista ruutua ei laudalla ole
draughts-illegal-not-a-dark-square = ruutu on vaalea, ja tammea pelataan tummilla ruuduilla
draughts-illegal-empty-square = lähtöruudussa ei ole nappulaa
draughts-illegal-not-your-piece = nappula kuuluu vastustajalle
draughts-illegal-capture-required = lyönti on mahdollinen, ja lyöminen on pakollista ({ $capture })
draughts-illegal-majority-required = siirto lyö { $takes }, mutta enemmistösääntö vaatii lyönnin, joka vie eniten nappuloita ({ $required })
draughts-illegal-incomplete-capture = lyönti jatkuu niin kauan kuin on lyötävää ({ $capture })
draughts-illegal-wrong-separator = lyönti merkitään x:llä ja tavallinen siirto viivalla
draughts-illegal-ambiguous = noita ruutuja yhdistää useampi lyönti, joten jokainen laskeutumisruutu on merkittävä
draughts-illegal-no-such-move = nappula ei voi siirtyä sinne
## Harjoituslauta tammisivuilla (tämän craten src/play.rs); laudan muut
## lauseet ovat teeman play-*-viestit.
play-draughts-side-white = valkoisilla
play-draughts-side-black = mustilla
play-draughts-win = { $winner ->
    [white] Valkoinen voittaa
   *[black] Musta voittaa
}, sillä { $how }.
play-draughts-piece-white-man = valkoinen nappula
play-draughts-piece-white-king = valkoinen kuningas
play-draughts-piece-black-man = musta nappula
play-draughts-piece-black-king = musta kuningas
play-draughts-light-square = vaalea ruutu, jolla ei pelata
play-draughts-choose-route = Ruutuun pääsee lyömällä kahta eri reittiä: valitse merkitty ruutu, jonka kautta hypätään.
play-draughts-via = ruutu, jonka kautta voi hypätä
