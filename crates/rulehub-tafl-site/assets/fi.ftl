# Tablut-perheen (tafl) viestit suomeksi: aloituskuva, selite, vertailutaulukon
# rivit ja arvot, esimerkkien lauseet sekä harjoituslaudan puolet, nappulat ja
# pelin päättymiset. Sivusto lisää ne teeman fi.ftl-tiedostoon; sivuston oma
# fi.ftl voi määritellä minkä tahansa niistä uudelleen.

example-king = kuningas ruudussa { $square }
example-attackers = { $count ->
    [one] yksi hyökkääjä ruudussa { $squares }
   *[other] { $count } hyökkääjää ruuduissa { $squares }
}
example-defenders = { $count ->
    [one] yksi puolustaja ruudussa { $squares }
   *[other] { $count } puolustajaa ruuduissa { $squares }
}
example-rest-empty = muut ruudut tyhjiä
example-to-move = { $side ->
    [attackers] hyökkääjien vuoro
   *[defenders] puolustajien vuoro
}
example-move = { $piece ->
    [king] Kuningas siirtyy { $from }–{ $to }
    [defender] Puolustaja siirtyy { $from }–{ $to }
   *[attacker] Hyökkääjä siirtyy { $from }–{ $to }
}
example-earlier-moves = { $count ->
    [one] Siirron { $moves } jälkeen:
   *[other] Siirtojen { $moves } jälkeen:
}
example-captures = { $count ->
    [one] { " " }ja kaappaa nappulan ruudusta { $squares }
   *[other] { " "}ja kaappaa { $count } nappulaa: { $squares }
}
example-no-captures = {""}
example-captures-king = { " " }ja kaappaa kuninkaan ruudusta { $square }
example-captures-king-and = { " " }ja kaappaa kuninkaan ruudusta { $square } sekä { $count ->
    [one] nappulan ruudusta { $squares }
   *[other] { $count } nappulaa: { $squares }
}
example-win-by-capturing-the-king = : { $winner ->
    [attackers] hyökkääjät voittavat
   *[defenders] puolustajat voittavat
}.
example-win = : { $winner ->
    [attackers] hyökkääjät voittavat
    [white] valkoinen voittaa
    [black] musta voittaa
   *[defenders] puolustajat voittavat
}, sillä { $how }.
example-draw = : peli päättyy tasapeliin, sillä { $how }.
example-illegal = { $move } — siirto ei ole sallittu: { $reason }.

illegal-no-piece = lähtöruudussa ei ole nappulaa
illegal-not-your-piece = nappula kuuluu vastustajalle
illegal-not-straight = nappulat liikkuvat vain rivillä tai sarakkeella
illegal-same-square = siirron on lähdettävä ruudusta
illegal-blocked = toinen nappula on tiellä
illegal-restricted-square = tämä nappula ei saa pysähtyä siihen ruutuun
illegal-no-passing = tämän ruudun yli ei saa kulkea
illegal-game-over = peli on jo päättynyt
win-edge-escape = kuningas on päässyt laudan reunalle
win-corner-escape = kuningas on päässyt kulmaruutuun
win-king-captured = kuningas on kaapattu
win-no-legal-moves = vastustajalla ei ole yhtään sallittua siirtoa
win-all-attackers-captured = yhtään hyökkääjää ei ole jäljellä
win-encirclement = kaikki puolustajat on saarrettu
win-exit-fort = kuningas on rakentanut reunalle murtumattoman linnakkeen
win-repetition = asema on toistunut
draw-repetition = sama asema on toistunut
draw-move-limit = liian monta siirtoa ilman kaappausta
cmp-board = Lauta
cmp-first-move = Aloittaja
cmp-escape = Kuningas pakenee
cmp-throne = Valtaistuin
cmp-corners = Kulmaruutuun saa pysähtyä
cmp-king-capture = Kuninkaan kaappaaminen
cmp-armed-king = Kuningas osallistuu kaappauksiin
cmp-draws = Toisto ja siirtoraja
cmp-no-moves = Osapuoli, jolla ei ole siirtoa
cmp-special = Erikoissäännöt
side-attackers = hyökkääjät
side-defenders = puolustajat
escape-edge = mihin tahansa reunaruutuun
escape-corners = kulmaruutuun
access-nobody = ei kukaan
access-king = vain kuningas
access-defenders = kuningas ja puolustajat
access-everyone = kaikki nappulat
throne-rule = pysähtyä: { $stop }; kulkea yli: { $pass }
king-capture-weak = kaksi hyökkääjää kuten muillakin nappuloilla
king-capture-strong-on-throne = valtaistuimella neljä, sen vieressä kolme, muualla kaksi
king-capture-strong = neljältä sivulta kaikkialla
king-edge-hostile = laudan reuna lasketaan hyökkääjäksi
armed-no = ei
armed-hammer = vain siirtyvänä nappulana
armed-anvil = vain vastapuolen tukena
armed-yes = kyllä, kummassakin roolissa
repetition-rule = { $count ->
    [one] toistuva asema: { $result }
   *[other] sama asema { $count } kertaa: { $result }
}
move-limit-rule = { $count } siirtoa ilman kaappausta: tasapeli
no-draw-rule = ei ole
no-moves-loses = häviää
no-moves-draws = pelaa tasapelin
special-shieldwall = kilpimuurikaappaus
special-exit-fort = reunalinnake
special-encirclement = saarto
special-none = ei ole
result-draw = tasapeli
result-attackers-lose = hyökkääjät häviävät
result-defenders-lose = puolustajat häviävät
escape-squares = pakoruutuihin { $squares }
access-attackers = vain hyökkääjät
repetition-forbidden-rule = siirto, joka toistaisi aseman { $count }. kerran, on kielletty
special-camps = hyökkääjien leirit ruuduissa { $squares }
result-repeating-side-loses = toistava osapuoli häviää
illegal-repetition-forbidden = säännöt kieltävät toistamasta asemaa uudelleen
illegal-off-board = ruutua ei ole laudalla
win-escape-square = kuningas on päässyt pakoruutuun
draw-no-legal-moves = vuorossa olevalla ei ole sallittua siirtoa
example-moves-from = { $piece ->
    [king] Kuningas ruudusta { $from } voi siirtyä ruutuihin { $squares }.
    [defender] Puolustaja ruudusta { $from } voi siirtyä ruutuihin { $squares }.
   *[attacker] Hyökkääjä ruudusta { $from } voi siirtyä ruutuihin { $squares }.
}
example-cannot-move = { $piece ->
    [king] Kuningas ruudussa { $from } ei voi liikkua.
    [defender] Puolustaja ruudussa { $from } ei voi liikkua.
   *[attacker] Hyökkääjä ruudussa { $from } ei voi liikkua.
}
state-exit-fort = Puolustajilla on reunalla linnake, jota hyökkääjät eivät voi murtaa.
state-encirclement = Yksikään puolustaja ei enää pääse reunalle.
state-no-legal-moves = Vuorossa olevalla osapuolella ei ole sallittua siirtoa.

legend-king = kuningas

play-side-attackers = hyökkääjillä
play-side-defenders = puolustajilla

play-win = { $winner ->
    [attackers] Hyökkääjät voittavat
   *[defenders] Puolustajat voittavat
}: { $how }.

play-piece-attacker = hyökkääjä
play-piece-defender = puolustaja
play-piece-king = kuningas
