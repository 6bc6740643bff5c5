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

list-and = ja

board-legend = Selite
translation-outdated = Tämä käännös on tehty sääntöjen aiemmasta versiosta; alkuperäistä on sittemmin muutettu.
translation-outdated-link = Lue nykyinen alkuperäinen

## Harjoituslauta (assets/play/board.js)
play-heading = Harjoittele tietokonetta vastaan
play-needs-javascript = Harjoituslauta tarvitsee JavaScriptiä, joka on tässä selaimessa poissa käytöstä. Tämän sivun säännöt ja esimerkit toimivat ilman sitä.
play-intro = Pelaa tätä muunnelmaa tietokonetta vastaan täsmälleen tällä sivulla kuvatuin säännöin. Siirtosi tarkistaa sama ohjelma, joka tarkistaa yllä olevat esimerkit.
play-you-play = Pelaat
play-level = Taso
play-level-easy = helppo: siirtää heti
play-level-normal = keskitaso: siirtää { $seconds } sekunnissa
play-level-hard = vaikea: miettii enintään { $seconds } s
play-new-game = Uusi peli
play-undo = Peru siirto
play-flip = Käännä lauta
play-copy = Kopioi peli
play-copied = Pelin merkintä on kopioitu: liitä se viestiin tai tiedostoon, niin peli säilyy.
play-copy-failed = Muistiinpanoa ei voitu kopioida; valitse se alta ja kopioi käsin.
play-your-move = Sinun siirtosi ({ $side }).
play-thinking = Tietokone miettii…
play-moves = Siirrot
play-viewing = Näytetään asema siirron { $move } jälkeen. Peli jatkuu viimeisestä siirrosta: paina → tai End tai siirrä laudalla.
play-restored = Pelisi jatkuu siitä, mihin jäit; Uusi peli aloittaa alusta.
play-hint = Vihje
play-hint-even = Tietokoneen mukaan peli on tasan.
play-hint-ahead = Tietokoneen mukaan etulyöntiasemassa: { $side }.
play-hint-winning = Tietokoneen mukaan voitolla: { $side }.
play-hint-forced-win = Tietokoneen mukaan pakotettu voitto: { $side }, siirtoja: { $moves }.
play-hint-move = Ehdotettu siirto: { $move } (nuoli laudalla).
play-moved = { $side }: { $move }
play-captured = , lyö { $squares }
play-draw = Peli päättyy tasapeliin: { $how }.
play-board-label = Harjoituslauta, { $rows } riviä ja { $cols } saraketta
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

