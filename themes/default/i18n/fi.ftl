# Finnish UI strings and generated sentences for rulehub sites.

language-name = Suomi
skip-to-content = Siirry sisältöön
nav-home = Etusivu
nav-languages = Kielet
pager-label = Muut muunnelmat
pager-previous = Edellinen:
pager-next = Seuraava:
variants-heading = Muunnelmat
not-yet-translated = ei vielä käännetty
on-this-page = Tällä sivulla
board-start-desc = Pelin { $title } alkuasetelma { $rows }×{ $cols }-laudalla: hyökkääjiä { $attackers }, puolustajia { $defenders } ja kuningas.
example-heading = Esimerkki
example-before = Ennen siirtoa
example-after = Siirron jälkeen
example-verified = Sääntömoottori tarkistaa tämän esimerkin joka kerta, kun sivusto rakennetaan.
example-step-through = Käy { $count } siirtoa läpi yksi kerrallaan
game-heading = Esimerkkipeli
game-start = Alkuasema
game-step = Siirto { $number }/{ $total }: { $move }
game-start-alt = Lauta pelin alussa
game-frame-alt = Lauta siirron { $number } jälkeen, { $move }
game-first = Alkuun
game-previous = Edellinen siirto
game-next = Seuraava siirto
game-last = Loppuun
game-verified = Sääntömoottori tarkistaa tämän pelin jokaisen siirron joka kerta, kun sivusto rakennetaan.
game-end-win = { $moves } siirron jälkeen { $winner ->
    [attackers] hyökkääjät voittavat
    [white] valkoinen voittaa
    [black] musta voittaa
   *[defenders] puolustajat voittavat
}, sillä { $how }.
game-end-draw = { $moves } siirron jälkeen peli päättyy tasapeliin, sillä { $how }.
game-end-ongoing = Peli jatkuu { $moves } siirron jälkeen.
example-diagram-desc = { $sentence }
comparison-title = Säännöt rinnakkain
comparison-intro = Jokainen rivi luetaan suoraan niistä säännöistä, joilla moottori tarkistaa esimerkit, joten taulukko pysyy aina ajan tasalla.
comparison-link = Vertaa kaikkien muunnelmien sääntöjä
comparison-rule = Sääntö
not-found-title = Sivua ei löytynyt
not-found-text = Tästä osoitteesta ei löydy sivua. Muunnelmat on lueteltu etusivulla.
back-home = Takaisin etusivulle
footer-text = Julkaistu rulehubilla. Sääntömoottori pelaa läpi jokaisen sivuston esimerkin.
rules-at-a-glance = Lyhyesti

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
list-and = ja

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
board-legend = Selite
legend-king = kuningas
translation-outdated = Tämä käännös on tehty sääntöjen aiemmasta versiosta; alkuperäistä on sittemmin muutettu.
translation-outdated-link = Lue nykyinen alkuperäinen

## Harjoituslauta (assets/play/board.js)
play-heading = Harjoittele tietokonetta vastaan
play-intro = Pelaa tätä muunnelmaa tietokonetta vastaan täsmälleen tällä sivulla kuvatuin säännöin. Siirtosi tarkistaa sama ohjelma, joka tarkistaa yllä olevat esimerkit.
play-you-play = Pelaat
play-side-attackers = hyökkääjillä
play-side-defenders = puolustajilla
play-level = Taso
play-level-easy = helppo
play-level-normal = keskitaso
play-level-hard = vaikea
play-new-game = Uusi peli
play-undo = Peru siirto
play-flip = Käännä lauta
play-copy = Kopioi peli
play-copied = Pelin muistiinpano on kopioitu; `rulehub replay` tarkistaa sen siirto siirrolta.
play-copy-failed = Muistiinpanoa ei voitu kopioida; valitse se alta ja kopioi käsin.
play-your-move = Sinun siirtosi ({ $side }).
play-thinking = Tietokone miettii…
play-moved = { $side }: { $move }
play-captured = , lyö { $squares }
play-win = { $winner ->
    [attackers] Hyökkääjät voittavat
   *[defenders] Puolustajat voittavat
}: { $how }.
play-draw = Peli päättyy tasapeliin: { $how }.
play-board-label = Harjoituslauta, { $rows } riviä ja { $cols } saraketta
play-piece-attacker = hyökkääjä
play-piece-defender = puolustaja
play-piece-king = kuningas
play-empty = tyhjä
play-selected = valittu
play-keyboard-help = Näppäimistö: nuolinäppäimillä liikut laudalla, Enter nostaa nappulan ja laskee sen, Escape peruu valinnan.
play-error = Harjoituslautaa ei voitu käynnistää: { $error }
play-room-heading = Pelaa ystävää vastaan verkossa
play-room-invite = Kutsu ystävä
play-room-creating = Palvelimelle avataan huonetta…
play-room-create-failed = Huonetta ei voitu avata: { $error }
play-room-joining = Liitytään huoneeseen { $room }…
play-room-you-play = Pelaat huoneessa { $room } { $side }.
play-room-watching = Katselet huonetta { $room }: molemmat paikat ovat varattuja, joten lautaa voi vain katsella.
play-room-waiting = Odotetaan, että ystäväsi avaa linkin.
play-room-friend-away = Ystäväsi ei ole nyt yhteydessä; hänen paikkansa odottaa häntä.
play-room-friend-here = Ystäväsi on yhteydessä.
play-room-link-label = Linkki ystävällesi
play-room-copy-link = Kopioi linkki
play-room-link-copied = Linkki on kopioitu. Ensimmäinen avaaja saa vapaan paikan; myöhemmät katselevat.
play-room-their-move = Ystäväsi siirto ({ $side }).
play-room-to-move = Siirtovuorossa: { $side }.
play-room-sending = Siirtoa lähetetään palvelimelle…
play-room-refused = Palvelin hylkäsi siirron: { $reason }
play-room-gone = Tätä huonetta ei enää ole (huoneet, joissa ei ole siirretty vuorokauteen, poistetaan).
play-room-rematch = Uusintaottelu (puolet vaihtuvat)
play-room-leave = Poistu huoneesta
play-room-status-connecting = Yhdistetään huonepalvelimeen…
play-room-status-open = Yhteydessä.
play-room-status-reconnecting = Yhteys katkesi; yhdistetään uudelleen…
play-room-status-closed = Et ole yhteydessä huoneeseen.
play-room-error-not-your-turn = vuoro on toisella puolella.
play-room-error-stale = lauta ei ollut ajan tasalla; nyt se näyttää pelin niin kuin palvelin sen tuntee, joten valitse uudelleen.
play-room-error-illegal-move = säännöt eivät salli tätä siirtoa.
play-room-error-bad-notation = siirto nimeää ruudun, jota tällä laudalla ei ole.
play-room-error-game-over = peli on päättynyt; pyydä uusintaottelua.
play-room-error-game-not-over = peli on vielä kesken.
play-room-error-not-a-seat = katsoja ei voi siirtää.
play-room-error-bad-token = tällä selaimella ei enää ole paikkaa.
play-room-error-rate-limited = liian monta siirtoa kerralla; odota hetki.
play-room-error-store-failed = palvelin ei voinut tallentaa sitä; yritä uudelleen.
play-room-error-too-many-rooms = palvelimella on niin monta huonetta kuin se sallii; yritä myöhemmin.
play-room-error-origin-not-allowed = huonepalvelin ei hyväksy tätä sivustoa.
play-room-error-network = huonepalvelimeen ei saada yhteyttä.
play-room-error-other = palvelin vastasi ”{ $code }”.

## Sivuston haku (hakukenttä jokaisen sivun ylälaidassa)
search-label = Hae säännöistä
search-placeholder = Hae säännöistä…
search-results = Tuloksia:
search-no-results = Mitään ei löytynyt. Kokeile toista sanaa tai vähempiä sanoja.
search-unavailable = Haku ei ole juuri nyt käytettävissä.
print-link = Tulosta kaikki säännöt
print-title = { $family }: kaikki säännöt tulostettaviksi
print-intro = Tämän peliperheen kaikki säännöstöt yhdellä sivulla paperille aseteltuina: tulosta sivu selaimen Tulosta-komennolla.

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

## Harjoituslauta tammisivuilla (src/family/draughts/play.rs); laudan muut
## lauseet ovat yllä olevat play-*-viestit.
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
